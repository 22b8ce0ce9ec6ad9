import type { EditorNewsArticle, EditorNewsList, User } from '@saathi/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { reloadSessionFromStorage } from '../../entities/session';
import { stubApi, type Route } from '../../test/news-api';
import { makeUser, signIn } from '../../test/user';
import { istInputValue } from './desk-form';
import { NewsDeskRoute } from './news-desk-route';
import { editorArticle } from './test-helpers';

beforeEach(() => {
  reloadSessionFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [page('/news/manage/:articleId?', <NewsDeskRoute />), page('/news', <h1>News page</h1>)];

const editor = makeUser({ id: 7, name: 'Asha Editor', roles: ['user', 'editor'] });
const reader = makeUser({ id: 8, name: 'Ravi', roles: ['user'] });

const me =
  (user: User): Route =>
  (request) =>
    request.path === '/api/users/me' ? { status: 200, body: user } : undefined;

const row = (item: EditorNewsArticle): EditorNewsList['items'][number] => ({
  id: item.id,
  slug: item.slug,
  state: item.state,
  publishAt: item.publishAt,
  publishedAt: item.publishedAt,
  category: item.category,
  breaking: item.breaking,
  thumbnailUrl: item.thumbnailUrl,
  version: item.version,
  updatedAt: item.updatedAt,
  title: item.translations.en?.title ?? '',
  languages: ['en'],
});

/** The desk's calls on one article held in memory, as the server would answer them. */
function deskServer(start: EditorNewsArticle): Route {
  let current = start;
  const versions = [
    { version: 1, savedAt: '2026-11-01T10:00:00.000Z', savedBy: { id: 7, name: 'Asha Editor' }, change: 'created', state: 'draft', title: 'Monsoon tips' },
    { version: 2, savedAt: '2026-11-02T10:00:00.000Z', savedBy: { id: 7, name: 'Asha Editor' }, change: 'edited', state: 'draft', title: 'Monsoon safety' },
  ];
  const next = (changes: Partial<EditorNewsArticle>) => {
    current = { ...current, ...changes, version: current.version + 1, updatedAt: '2026-11-03T10:00:00.000Z' };
    return { status: 200, body: current };
  };
  return (request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/editor/news/5') return { status: 200, body: current };
    if (method === 'PATCH' && path === '/api/news/5') {
      const body = request.body as { translations?: Record<string, unknown> };
      return next({
        ...(body as Partial<EditorNewsArticle>),
        translations: { ...current.translations, ...(body.translations as EditorNewsArticle['translations']) },
      });
    }
    if (method === 'POST' && path === '/api/news/5/publish') {
      const at = (request.body as { at?: string }).at;
      return next(at ? { state: 'scheduled', publishAt: at } : { state: 'published', publishedAt: '2026-11-03T10:00:00.000Z' });
    }
    if (method === 'POST' && path === '/api/news/5/unpublish') return next({ state: 'unpublished' });
    if (method === 'GET' && path === '/api/news/5/versions') return { status: 200, body: { items: [...versions].reverse() } };
    if (method === 'GET' && path === '/api/news/5/versions/1') {
      return {
        status: 200,
        body: { ...versions[0], article: { ...start, version: 1, translations: { en: { title: 'Monsoon tips', summary: '', body: 'Old text' } } } },
      };
    }
    if (method === 'POST' && path === '/api/news/5/versions/1/restore')
      return next({ translations: { en: { title: 'Monsoon tips', summary: '', body: 'Old text' } } });
    if (method === 'POST' && path === '/api/editor/news/preview') {
      const body = (request.body as { body: string }).body;
      return { status: 200, body: { html: `<p>${body.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')}</p>` } };
    }
    return undefined;
  };
}

describe('the news desk', { timeout: 30_000 }, () => {
  it('tells a plain user calmly that the desk is not for their account, and asks the server nothing', async () => {
    signIn(reader);
    const api = stubApi(me(reader));
    await renderRoutes(routes, '/news/manage');
    expect(await screen.findByText(/The news desk is for editors/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the news' })).toHaveAttribute('href', '/news');
    expect(api.to('GET', '/api/editor/news')).toHaveLength(0);
  });

  it('lists every article, filters by state and search, and pages on', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(editor);
    const scheduled = editorArticle({
      id: 6,
      slug: 'diwali-fire-safety',
      state: 'scheduled',
      publishAt: '2026-11-20T04:00:00.000Z',
      breaking: true,
      translations: { en: { title: 'Diwali fire safety', summary: '', body: '' } },
    });
    const api = stubApi(me(editor), (request) => {
      if (request.path !== '/api/editor/news') return undefined;
      if (request.query.cursor === 'more')
        return {
          status: 200,
          body: {
            items: [row(editorArticle({ id: 9, slug: 'old-one', state: 'unpublished', translations: { en: { title: 'Old one', summary: '', body: '' } } }))],
            nextCursor: null,
          },
        };
      if (request.query.state === 'scheduled') return { status: 200, body: { items: [row(scheduled)], nextCursor: null } };
      if (request.query.query === 'zzz') return { status: 200, body: { items: [], nextCursor: null } };
      return { status: 200, body: { items: [row(editorArticle()), row(scheduled)], nextCursor: 'more' } };
    });
    await renderRoutes(routes, '/news/manage');

    const list = await screen.findByRole('list', { name: 'Articles' });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/news/manage/5', '/news/manage/6']);
    expect(items[1]).toHaveTextContent('Diwali fire safety');
    expect(items[1]).toHaveTextContent('Scheduled');
    expect(items[1]).toHaveTextContent('Breaking');
    expect(items[1]).toHaveTextContent('Goes out Nov 20, 2026, 9:30 AM IST');
    expect(api.to('GET', '/api/editor/news')[0]?.query).toEqual({ limit: '20' });

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Old one')).toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: 'Show articles by state' })).getByRole('button', { name: 'Scheduled' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('link')).toHaveLength(1));
    expect(api.to('GET', '/api/editor/news').at(-1)?.query).toEqual({ limit: '20', state: 'scheduled' });

    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'zzz');
    expect(await screen.findByText('No articles match this search.')).toBeInTheDocument();
    expect(api.to('GET', '/api/editor/news').at(-1)?.query).toEqual({ limit: '20', query: 'zzz' });
  });

  it('writes a new article in three languages with a live preview, and saves it as a draft', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(editor);
    const created = editorArticle({ id: 5, version: 1 });
    const api = stubApi(me(editor), deskServer(created), (request) =>
      request.method === 'POST' && request.path === '/api/news' ? { status: 201, body: created } : undefined,
    );
    const { router } = await renderRoutes(routes, '/news/manage/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'New article' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Author' })).toHaveValue('Asha Editor');
    await user.type(screen.getByRole('textbox', { name: 'Link name (slug)' }), 'monsoon-safety');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Weather');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'Monsoon, roads');
    await user.click(screen.getByRole('switch', { name: 'Breaking news' }));

    // On a phone-sized screen (jsdom has no media queries) the languages are tabs.
    await user.type(screen.getByRole('textbox', { name: 'Title · English' }), 'Monsoon safety');
    await user.click(screen.getByRole('textbox', { name: 'Article text · English' }));
    await user.paste('Keep **torches** ready.');
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getByText('torches', { selector: 'strong' })).toBeInTheDocument(), { timeout: 3000 });
    expect(api.to('POST', '/api/editor/news/preview').at(-1)?.body).toEqual({ body: 'Keep **torches** ready.' });

    await user.click(screen.getByRole('tab', { name: 'हिन्दी' }));
    await user.click(screen.getByRole('textbox', { name: 'Title · हिन्दी' }));
    await user.paste('मानसून में सुरक्षा');
    await user.click(screen.getByRole('textbox', { name: 'Article text · हिन्दी' }));
    await user.paste('टॉर्च तैयार रखें।');
    await user.click(screen.getByRole('tab', { name: 'ગુજરાતી' }));
    await user.click(screen.getByRole('textbox', { name: 'Title · ગુજરાતી' }));
    await user.paste('ચોમાસામાં સલામતી');
    await user.click(screen.getByRole('textbox', { name: 'Article text · ગુજરાતી' }));
    await user.paste('ટૉર્ચ તૈયાર રાખો.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/manage/5'));
    expect(api.to('POST', '/api/news')[0]?.body).toEqual({
      slug: 'monsoon-safety',
      category: 'weather',
      tags: ['monsoon', 'roads'],
      breaking: true,
      author: 'Asha Editor',
      imageId: null,
      translations: {
        en: { title: 'Monsoon safety', summary: '', body: 'Keep **torches** ready.' },
        hi: { title: 'मानसून में सुरक्षा', summary: '', body: 'टॉर्च तैयार रखें।' },
        gu: { title: 'ચોમાસામાં સલામતી', summary: '', body: 'ટૉર્ચ તૈયાર રાખો.' },
      },
    });
    expect(await screen.findByText('Article saved.')).toBeInTheDocument();
  });

  it('saves a change, schedules in India time, publishes, and says a refusal in the editor’s language', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(editor);
    let refuse = true;
    const api = stubApi(
      me(editor),
      (request) => {
        if (request.method === 'PATCH' && refuse) {
          refuse = false;
          return { status: 409, body: { error: { code: 'news_slug_taken', message: 'slug taken', field: 'slug' } } };
        }
        return undefined;
      },
      deskServer(editorArticle()),
    );
    await renderRoutes(routes, '/news/manage/5');

    const title = await screen.findByRole('textbox', { name: 'Title · English' });
    expect(title).toHaveValue('Monsoon safety');
    expect(screen.getByTestId('desk-status')).toHaveTextContent('Draft: only editors can see it.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: 'Link name (slug)' }));
    await user.type(screen.getByRole('textbox', { name: 'Link name (slug)' }), 'rain');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const slugError = 'Another article already uses this link name (slug). Choose a different one.';
    expect(await screen.findByRole('alert')).toHaveTextContent(slugError);
    expect(screen.getByRole('textbox', { name: 'Link name (slug)' })).toHaveAccessibleDescription(slugError);

    await user.clear(screen.getByRole('textbox', { name: 'Link name (slug)' }));
    await user.type(screen.getByRole('textbox', { name: 'Link name (slug)' }), 'monsoon-rain');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Version 3, saved Nov 3, 2026, 3:30 PM IST')).toBeInTheDocument());
    expect(api.to('PATCH', '/api/news/5').at(-1)?.body).toMatchObject({ slug: 'monsoon-rain', translations: { en: { title: 'Monsoon safety' } } });

    // Two days ahead, 09:30 on India's clock.
    const day = istInputValue(new Date(Date.now() + 2 * 86_400_000)).slice(0, 10);
    fireEvent.input(screen.getByLabelText('Publish at (India time, IST)'), { target: { value: `${day}T09:30` } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.getByTestId('desk-status')).toHaveTextContent(/^Scheduled: goes out .* 9:30 AM IST\.$/));
    expect(api.to('POST', '/api/news/5/publish')[0]?.body).toEqual({ at: new Date(`${day}T04:00:00.000Z`).toISOString() });

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(screen.getByTestId('desk-status')).toHaveTextContent('Published Nov 3, 2026, 3:30 PM IST.'));
    expect(api.to('POST', '/api/news/5/publish')[1]?.body).toEqual({});
    expect(screen.queryByRole('button', { name: 'Delete draft' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish this article?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.getByTestId('desk-status')).toHaveTextContent('Unpublished: readers no longer see it.'));
    expect(api.to('POST', '/api/news/5/unpublish')).toHaveLength(1);
  });

  it('opens the versions, shows one in full and restores it', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(editor);
    const api = stubApi(me(editor), deskServer(editorArticle()));
    await renderRoutes(routes, '/news/manage/5');

    await user.click(await screen.findByRole('button', { name: 'Versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions' });
    const versions = await within(dialog).findByRole('list', { name: 'Versions' });
    expect(
      within(versions)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Version 2EditedDraftCurrentMonsoon safety'), expect.stringContaining('Version 1CreatedDraftMonsoon tips')]);

    await user.click(within(versions).getByRole('button', { name: /Version 1/ }));
    expect(await within(dialog).findByText('Old text')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Version 1' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST', '/api/news/5/versions/1/restore')).toHaveLength(1);
    expect(await screen.findByText('Version 1 restored.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title · English' })).toHaveValue('Monsoon tips'));
  });

  it('deletes a draft after asking, and goes back to the desk', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(editor);
    const api = stubApi(me(editor), deskServer(editorArticle()), (request) => {
      if (request.method === 'DELETE' && request.path === '/api/news/5') return { status: 200, body: { deleted: true } };
      if (request.path === '/api/editor/news') return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    });
    const { router } = await renderRoutes(routes, '/news/manage/5');
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/manage'));
    expect(api.to('DELETE', '/api/news/5')).toHaveLength(1);
  });
});
