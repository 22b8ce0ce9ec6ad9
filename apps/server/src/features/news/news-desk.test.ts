import { newsEndpoints } from '@saathi/shared/contract';
import type { EditorNewsArticle, EditorNewsList, NewsArticle, NewsVersion, NewsVersionList } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { newsFixtures } from './news.fixtures';

const t = build();
const news = newsFixtures(t);

const people = { editor: { id: 0, token: '' }, admin: { id: 0, token: '' }, moderator: { id: 0, token: '' }, reader: { id: 0, token: '' } };
beforeAll(async () => {
  people.editor = await news.as(['editor'], { name: 'Esha Editor' });
  people.admin = await news.as(['admin']);
  people.moderator = await news.as(['moderator']);
  people.reader = await news.as([]);
});

describe('the desk: who may call it', () => {
  const deskCalls = Object.entries(newsEndpoints).filter(([, endpoint]) => endpoint.access === 'editor');

  it('covers every desk call of the contract', () => {
    expect(deskCalls.map(([key]) => key)).toHaveLength(12);
  });

  it('answers 401 without a token, 403 to a plain user and a moderator even with a malformed body, and lets editors and admins in', async () => {
    const draft = await news.create(people.editor.token);
    const url = (key: string) =>
      key
        .slice(key.indexOf(' ') + 1)
        .replace(':id', String(draft.id))
        .replace(':version', '1');
    const method = (key: string) => key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'PATCH' | 'DELETE';
    // Deleting last, so the other calls still find the article.
    const ordered = [...deskCalls].sort(([a], [b]) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')));
    for (const [key] of ordered) {
      const malformed = method(key) === 'GET' ? undefined : { bogus: ['not', 'a', 'field'], title: 42 };
      const anonymous = await news.call(method(key), `/api${url(key)}`, undefined, malformed);
      expect(anonymous.statusCode, `${key} without a token`).toBe(401);
      for (const who of ['reader', 'moderator'] as const) {
        const refused = await news.call(method(key), `/api${url(key)}`, people[who].token, malformed);
        expect(refused.statusCode, `${key} as ${who}`).toBe(403);
        expect(refused.json().error.code).toBe('forbidden');
      }
    }
    for (const who of ['editor', 'admin'] as const) {
      for (const [key] of ordered) {
        if (method(key) === 'DELETE' && who === 'admin') continue;
        const res = await news.call(method(key), `/api${url(key)}`, people[who].token, method(key) === 'GET' ? undefined : {});
        expect([401, 403], `${key} as ${who}: ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, `${key} as ${who}`).toBeLessThan(500);
      }
    }
  });
});

describe('the desk: writing, versions and the audit log', () => {
  it('creates a draft with a slug from the English title, renders the Markdown, and audits it', async () => {
    const heat = { en: { title: 'Heat alert: Ahmedabad, 46°C today!', body: 'Drink water.' }, gu: { title: 'ગરમીની ચેતવણી', body: 'પાણી પીઓ.' } };
    const draft = await news.create(people.editor.token, { tags: ['Heat', 'heat', 'summer'], translations: heat });
    expect(draft).toMatchObject({
      state: 'draft',
      slug: 'heat-alert-ahmedabad-46-c-today',
      version: 1,
      tags: ['heat', 'summer'],
      publishAt: null,
      publishedAt: null,
    });
    const again = await news.create(people.editor.token, { translations: heat });
    expect(again.slug).toBe('heat-alert-ahmedabad-46-c-today-2');
    const gujaratiOnly = await news.create(people.editor.token, { translations: { gu: heat.gu } });
    expect(gujaratiOnly.slug).toMatch(/^article(-\d+)?$/);
    const preview = await news.call('POST', '/api/editor/news/preview', people.editor.token, { body: 'The river is **rising**.' });
    expect(preview.json()).toEqual({ html: '<p>The river is <strong>rising</strong>.</p>' });
    const rows = await news.auditRows(draft.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'news_create',
      actor_id: people.editor.id,
      actor_roles: ['user', 'editor'],
      before: null,
      after: { slug: draft.slug, state: 'draft', version: 1 },
    });
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [news.article({ category: 'gossip' as 'safety' }), 'category'],
      [news.article({ slug: 'Not A Slug' }), 'slug'],
      [news.article({ slug: '2024' }), 'slug'],
      [{ ...news.article(), translations: {} }, 'translations'],
      [news.article({ translations: { en: { title: '', summary: '', body: 'x' } } }), 'translations.en.title'],
      [{ ...news.article(), extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await news.call('POST', '/api/news', people.editor.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    }
    const noImage = await news.call('POST', '/api/news', people.editor.token, news.article({ imageId: 999_999 }));
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().error).toMatchObject({ code: 'news_image_not_found', field: 'imageId' });
    const draft = await news.create(people.editor.token);
    const badAt = await news.call('POST', `/api/news/${draft.id}/publish`, people.editor.token, { at: 'tomorrow' });
    expect(badAt.json().error).toMatchObject({ code: 'validation_error', field: 'at' });
    const none = await news.call('PATCH', `/api/news/${draft.id}`, people.editor.token, { translations: { en: null, hi: null } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'news_needs_a_language', field: 'translations' });
    expect((await news.call('PATCH', '/api/news/999999', people.editor.token, { author: 'X' })).json().error.code).toBe('news_not_found');
  });

  it('edits, keeps every save as a version, shows and restores one (the state stays), auditing each step', async () => {
    const draft = await news.create(people.editor.token);
    const edited = await news.call('PATCH', `/api/news/${draft.id}`, people.editor.token, {
      translations: {
        en: { title: 'Flood warning lifted', summary: 'The river is back to normal.', body: 'All *clear*.' },
        hi: null,
        gu: { title: 'પૂરની ચેતવણી હટાવાઈ', body: 'બધું સામાન્ય.' },
      },
      breaking: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<EditorNewsArticle>()).toMatchObject({
      version: 2,
      breaking: true,
      translations: { en: { title: 'Flood warning lifted' }, gu: { summary: '' } },
    });
    expect(edited.json<EditorNewsArticle>().translations.hi).toBeUndefined();
    await news.publish(people.admin.token, draft.id);

    const versions = (await news.call('GET', `/api/news/${draft.id}/versions`, people.editor.token)).json<NewsVersionList>().items;
    expect(versions.map((v) => [v.version, v.change, v.state, v.title])).toEqual([
      [3, 'published', 'published', 'Flood warning lifted'],
      [2, 'edited', 'draft', 'Flood warning lifted'],
      [1, 'created', 'draft', 'Flood warning for the old city'],
    ]);
    expect(versions[2]?.savedBy).toEqual({ id: people.editor.id, name: 'Esha Editor' });

    const first = (await news.call('GET', `/api/news/${draft.id}/versions/1`, people.editor.token)).json<NewsVersion>();
    expect(first.article).toMatchObject({ version: 1, state: 'draft', breaking: false, translations: { hi: { title: 'पुराने शहर के लिए बाढ़ की चेतावनी' } } });
    expect((await news.call('GET', `/api/news/${draft.id}/versions/9`, people.editor.token)).statusCode).toBe(404);

    const restored = await news.call('POST', `/api/news/${draft.id}/versions/1/restore`, people.editor.token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<EditorNewsArticle>()).toMatchObject({
      version: 4,
      state: 'published',
      breaking: false,
      translations: { en: { title: 'Flood warning for the old city' } },
    });
    expect(restored.json<EditorNewsArticle>().translations.gu).toBeUndefined();
    const readers = (await news.call('GET', `/api/news/${draft.id}?language=hi`)).json<NewsArticle>();
    expect(readers).toMatchObject({ language: 'hi', title: 'पुराने शहर के लिए बाढ़ की चेतावनी', bodyHtml: '<p>नदी का पानी <strong>बढ़ रहा है</strong>।</p>' });

    expect((await news.auditRows(draft.id)).map((row) => [row.action, row.actor_id])).toEqual([
      ['news_create', people.editor.id],
      ['news_edit', people.editor.id],
      ['news_publish', people.admin.id],
      ['news_restore', people.editor.id],
    ]);
    const restoreRow = (await news.auditRows(draft.id)).at(-1);
    expect(restoreRow?.after).toMatchObject({ restoredFrom: 1, version: 4 });
  });

  it('schedules, unpublishes and deletes, auditing each; a published article cannot be deleted', async () => {
    const draft = await news.create(people.editor.token);
    const scheduled = await news.publish(people.editor.token, draft.id, new Date(t.clock.now().getTime() + 3_600_000));
    expect(scheduled).toMatchObject({ state: 'scheduled', publishedAt: null });
    const down = await news.call('POST', `/api/news/${draft.id}/unpublish`, people.editor.token);
    expect(down.json<EditorNewsArticle>()).toMatchObject({ state: 'unpublished', version: 3 });
    // It never went out, so it may still be deleted.
    const deleted = await news.call('DELETE', `/api/news/${draft.id}`, people.editor.token);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await news.call('GET', `/api/editor/news/${draft.id}`, people.editor.token)).statusCode).toBe(404);
    expect((await news.auditRows(draft.id)).map((row) => row.action)).toEqual(['news_create', 'news_schedule', 'news_unpublish', 'news_delete']);

    const live = await news.create(people.editor.token);
    await news.publish(people.editor.token, live.id);
    await news.call('POST', `/api/news/${live.id}/unpublish`, people.editor.token);
    const refused = await news.call('DELETE', `/api/news/${live.id}`, people.editor.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('news_was_published');
  });

  it('keeps old slugs: they redirect (301) to the current one, and no other article may take them', async () => {
    const draft = await news.create(people.editor.token, { slug: 'river-rising' });
    await news.publish(people.editor.token, draft.id);
    const renamed = await news.call('PATCH', `/api/news/${draft.id}`, people.editor.token, { slug: 'river-back-to-normal' });
    expect(renamed.json<EditorNewsArticle>().slug).toBe('river-back-to-normal');

    const old = await news.call('GET', '/api/news/river-rising?language=hi');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/news/river-back-to-normal?language=hi');
    expect((await news.call('GET', '/api/news/river-back-to-normal')).json<NewsArticle>().id).toBe(draft.id);

    for (const slug of ['river-rising', 'river-back-to-normal']) {
      const taken = await news.call('POST', '/api/news', people.editor.token, news.article({ slug }));
      expect(taken.statusCode, slug).toBe(409);
      expect(taken.json().error).toMatchObject({ code: 'news_slug_taken', field: 'slug' });
    }
    const other = await news.create(people.editor.token);
    const steal = await news.call('PATCH', `/api/news/${other.id}`, people.editor.token, { slug: 'river-rising' });
    expect(steal.statusCode).toBe(409);
    // Its own old slug may come back.
    const back = await news.call('PATCH', `/api/news/${draft.id}`, people.editor.token, { slug: 'river-rising' });
    expect(back.json<EditorNewsArticle>().slug).toBe('river-rising');
    expect((await news.call('GET', '/api/news/river-back-to-normal')).headers.location).toBe('/api/news/river-rising');
  });

  it('lists the desk by state, newest change first, with cursor paging and search', async () => {
    const drafts = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      drafts.push(await news.create(people.editor.token, { translations: { en: { title: `Desk paging zebra ${i}`, body: 'x' } } }));
    }
    const first = (await news.call('GET', '/api/editor/news?query=zebra&limit=2&state=draft', people.editor.token)).json<EditorNewsList>();
    expect(first.items.map((item) => item.title)).toEqual(['Desk paging zebra 2', 'Desk paging zebra 1']);
    const second = (
      await news.call('GET', `/api/editor/news?query=zebra&limit=2&state=draft&cursor=${first.nextCursor}`, people.editor.token)
    ).json<EditorNewsList>();
    expect(second).toMatchObject({ items: [{ title: 'Desk paging zebra 0', state: 'draft', languages: ['en'] }], nextCursor: null });
    await news.publish(people.editor.token, drafts[0]!.id);
    const published = (await news.call('GET', '/api/editor/news?query=zebra&state=published', people.editor.token)).json<EditorNewsList>();
    expect(published.items.map((item) => item.id)).toEqual([drafts[0]!.id]);
    const bad = await news.call('GET', '/api/editor/news?state=secret', people.editor.token);
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'state' });
  });
});
