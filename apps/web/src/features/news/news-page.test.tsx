import type { NewsList, User } from '@saathi/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeAppLanguage } from '../../i18n';
import { page, renderRoutes } from '../../test/render';
import { reloadSessionFromStorage } from '../../entities/session';
import { makeUser, signIn } from '../../test/user';
import { CURRENT_ARTICLE_STORAGE_KEY, readCurrentArticle, saveCurrentArticle } from './current-article-storage';
import { NewsArticlePage } from './news-article-page';
import { NewsPage } from './news-page';
import { GUEST_NEWS_PREFERENCES_KEY } from './news-preferences';
import { makeArticle, makeListItem, stubApi, type Route, type SeenRequest } from '../../test/news-api';

// Each test starts signed out (the setup clears localStorage after every test; the session module keeps its copy).
beforeEach(() => {
  reloadSessionFromStorage();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => changeAppLanguage('en-US'));
});

const routes = [page('/news', <NewsPage />), page('/news/:id', <NewsArticlePage />)];

const numbers = makeListItem({ id: 1, slug: 'emergency-numbers', title: '112 and the other numbers to know by heart', breaking: true });
const fraud = makeListItem({ id: 2, slug: 'otp-is-a-key', title: 'An OTP is a key: never hand it over', publishedAt: '2026-11-05T03:00:00.000Z' });
const heat = makeListItem({ id: 3, slug: 'heatwave-signs', title: 'Heatwave: know the signs', thumbnailUrl: null, imageUrl: null });

/** `GET /api/news`: the first page, or the second for cursor `page-2`. */
function newsList(first: NewsList, second: NewsList = { items: [], nextCursor: null }): Route {
  return (request) =>
    request.method === 'GET' && request.path === '/api/news' ? { status: 200, body: request.query.cursor === 'page-2' ? second : first } : undefined;
}

const me =
  (user: User): Route =>
  (request) => {
    if (request.path !== '/api/users/me') return undefined;
    if (request.method === 'PATCH') return { status: 200, body: { ...user, ...(request.body as Partial<User>) } };
    return { status: 200, body: user };
  };

/** `/api/users/me` that keeps what a PATCH changed, as the server does. */
const storedMe = (user: User): Route => {
  let current = user;
  return (request) => {
    if (request.path !== '/api/users/me') return undefined;
    if (request.method === 'PATCH') current = { ...current, ...(request.body as Partial<User>) };
    return { status: 200, body: current };
  };
};

const listQueries = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/api/news').map((r) => r.query);

describe('the news page', { timeout: 30_000 }, () => {
  it('shows the articles from the API in the strip, the selected one in the main card, and loads more at the end', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(newsList({ items: [numbers, fraud], nextCursor: 'page-2' }, { items: [heat], nextCursor: null }));
    await renderRoutes(routes, '/news');

    const strip = await screen.findByRole('list', { name: 'Articles' });
    expect(within(strip).getAllByRole('button', { pressed: false })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: numbers.title })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: numbers.title });
    // Breaking news says so in words, on the card and on its thumbnail.
    expect(within(card).getByText('Breaking')).toBeInTheDocument();
    expect(within(strip).getByText('Breaking')).toBeInTheDocument();
    expect(within(card).getByText(numbers.summary)).toBeInTheDocument();
    expect(within(card).getByText('By Saathi Safety Desk')).toBeInTheDocument();
    expect(within(card).getByText('November 12, 2026')).toBeInTheDocument();
    // A guest who never chose reads in the app's language, every category, all news.
    expect(listQueries(api.requests)).toEqual([{ language: 'en', type: 'all', limit: '20' }]);

    await user.click(within(strip).getByRole('button', { name: /An OTP is a key/ }));
    expect(screen.getByRole('heading', { level: 2, name: fraud.title })).toBeInTheDocument();
    expect(screen.getByText('November 5, 2026')).toBeInTheDocument();
    expect(screen.queryByText('Breaking', { selector: 'article span' })).not.toBeInTheDocument();

    // jsdom cannot scroll: the strip's last item is the button that loading on sight presses.
    await user.click(within(strip).getByRole('button', { name: 'More' }));
    expect(await within(strip).findByRole('button', { name: /Heatwave/ })).toBeInTheDocument();
    expect(listQueries(api.requests)[1]).toEqual({ language: 'en', type: 'all', limit: '20', cursor: 'page-2' });
    expect(within(strip).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    // The selection stays on the article chosen.
    expect(screen.getByRole('heading', { level: 2, name: fraud.title })).toBeInTheDocument();
  });

  it('fetches the main picture first and the thumbnails past the first three only as they come near', async () => {
    const items = Array.from({ length: 6 }, (_, i) => makeListItem({ id: 10 + i, slug: `article-${i}`, title: `Article number ${'abcdef'[i]}` }));
    stubApi(newsList({ items, nextCursor: null }));
    await renderRoutes(routes, '/news');

    const strip = await screen.findByRole('list', { name: 'Articles' });
    // Pictures are decoration (alt=""): found by their element, in the strip's order.
    const thumbnails = [...strip.querySelectorAll('img')];
    expect(thumbnails.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
    const main = screen.getByRole('article', { name: 'Article number a' }).querySelector('img');
    expect(main?.getAttribute('loading')).toBe('eager');
    expect(main?.getAttribute('fetchpriority')).toBe('high');
  });

  it("asks with a signed-in reader's preferences and saves a change to the profile", async () => {
    const user = userEvent.setup({ delay: null });
    const priya = makeUser({
      id: 2,
      name: 'Priya',
      newsPreferences: { language: 'hi', followAppLanguage: false, categories: ['health', 'cricket-scores'], newsType: 'breaking' },
    });
    signIn(priya);
    const hindi = makeListItem({ id: 9, slug: 'heatwave-signs', title: 'लू: पहचानें लक्षण', language: 'hi', category: 'health', breaking: true });
    const api = stubApi(me(priya), newsList({ items: [hindi], nextCursor: null }));
    await renderRoutes(routes, '/news');

    expect(await screen.findByRole('heading', { level: 2, name: hindi.title })).toHaveAttribute('lang', 'hi');
    expect(listQueries(api.requests)[0]).toEqual({ language: 'hi', category: 'health', type: 'breaking', limit: '20' });
    // Picked on purpose: the screen says which language it shows, and not that it follows the app.
    expect(screen.getByTestId('news-language')).toHaveTextContent(/^News in हिन्दी$/);
    expect(screen.getByText('Breaking only · Health')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const panel = screen.getByRole('region', { name: 'News preferences' });
    await user.click(within(panel).getByRole('button', { name: 'ગુજરાતી' }));
    await user.click(within(panel).getByRole('button', { name: 'All news' }));
    await user.click(within(panel).getByRole('button', { name: 'Safety' }));
    expect(within(panel).getByRole('button', { name: 'Safety' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('PATCH', '/api/users/me')).toHaveLength(1));
    // A category this app does not offer stays on the profile.
    expect(api.to('PATCH', '/api/users/me')[0]?.body).toEqual({
      newsPreferences: { language: 'gu', followAppLanguage: false, categories: ['health', 'safety', 'cricket-scores'], newsType: 'all' },
    });
    expect(await screen.findByText('News preferences saved.')).toBeInTheDocument();
    await waitFor(() => expect(listQueries(api.requests).at(-1)).toEqual({ language: 'gu', category: 'health,safety', type: 'all', limit: '20' }));
  });

  it('follows the app language until the reader picks one, and goes back to "same as the app"', async () => {
    const user = userEvent.setup({ delay: null });
    const asha = makeUser({ id: 3, name: 'Asha', newsPreferences: { language: 'en', followAppLanguage: true, categories: [], newsType: 'all' } });
    signIn(asha);
    const hindi = makeListItem({ id: 9, slug: 'heatwave-signs', title: 'लू: पहचानें लक्षण', language: 'hi', category: 'health' });
    const api = stubApi(storedMe(asha), newsList({ items: [hindi], nextCursor: null }));
    await renderRoutes(routes, '/news');
    expect(await screen.findByTestId('news-language')).toHaveTextContent('News in English · same as the app');
    expect(listQueries(api.requests)[0]).toEqual({ language: 'en', type: 'all', limit: '20' });

    // The app switches to Hindi before the profile has heard of it: the news follows at once.
    await act(() => changeAppLanguage('hi-IN'));
    await waitFor(() => expect(listQueries(api.requests).at(-1)).toEqual({ language: 'hi', type: 'all', limit: '20' }));
    expect(screen.getByTestId('news-language')).toHaveTextContent('हिन्दी में समाचार · ऐप की भाषा के अनुसार');
    expect(within(screen.getByTestId('news-language')).getByText('हिन्दी')).toHaveAttribute('lang', 'hi');

    // Picking English on purpose keeps English news in the Hindi app.
    await user.click(screen.getByRole('button', { name: 'पसंद' }));
    const panel = screen.getByRole('region', { name: 'समाचार पसंद' });
    expect(within(panel).getByRole('button', { name: 'ऐप वाली भाषा (हिन्दी)' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(panel).getByRole('button', { name: 'English' }));
    await user.click(within(panel).getByRole('button', { name: 'सहेजें' }));
    await waitFor(() => expect(api.to('PATCH', '/api/users/me')).toHaveLength(1));
    expect(api.to('PATCH', '/api/users/me')[0]?.body).toEqual({
      newsPreferences: { language: 'en', followAppLanguage: false, categories: [], newsType: 'all' },
    });
    // (English news was read a moment ago, so it comes from the cache without a new request.)
    await waitFor(() => expect(screen.getByTestId('news-language')).toHaveTextContent(/^English में समाचार$/));

    // And "same as the app" goes back to following it.
    await user.click(screen.getByRole('button', { name: 'पसंद' }));
    await user.click(within(screen.getByRole('region', { name: 'समाचार पसंद' })).getByRole('button', { name: 'ऐप वाली भाषा (हिन्दी)' }));
    await user.click(screen.getByRole('button', { name: 'सहेजें' }));
    await waitFor(() => expect(api.to('PATCH', '/api/users/me')).toHaveLength(2));
    expect(api.to('PATCH', '/api/users/me')[1]?.body).toEqual({
      newsPreferences: { language: 'hi', followAppLanguage: true, categories: [], newsType: 'all' },
    });
    await waitFor(() => expect(screen.getByTestId('news-language')).toHaveTextContent('हिन्दी में समाचार · ऐप की भाषा के अनुसार'));
  });

  it("keeps a guest's preferences on the device", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(newsList({ items: [], nextCursor: null }));
    await renderRoutes(routes, '/news');
    expect(await screen.findByText('No articles in this language yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await user.click(screen.getByRole('button', { name: 'Weather' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(listQueries(api.requests).at(-1)).toEqual({ language: 'hi', category: 'weather', type: 'all', limit: '20' }));
    expect(JSON.parse(localStorage.getItem(GUEST_NEWS_PREFERENCES_KEY) ?? '{}')).toEqual({
      language: 'hi',
      followAppLanguage: false,
      categories: ['weather'],
      newsType: 'all',
    });
    expect(api.to('PATCH', '/api/users/me')).toHaveLength(0);
    expect(await screen.findByText(/No articles match these preferences yet/)).toBeInTheDocument();
  });

  it('says so in the reader’s language when the list cannot load', async () => {
    stubApi(() => 'offline');
    await renderRoutes(routes, '/news');
    expect(await screen.findByText('No connection. Check your internet and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the articles on screen under a quiet note while the server is busy, and shows the new list after its wait', async () => {
    const busy = { status: 503, body: { error: { code: 'busy', message: 'Busy, retry later', params: { seconds: 1 } } } };
    let answers: Array<typeof busy | { status: number; body: NewsList }> = [{ status: 200, body: { items: [numbers], nextCursor: null } }];
    const api = stubApi((request) =>
      request.path === '/api/news' ? (answers.shift() ?? { status: 200, body: { items: [heat, numbers], nextCursor: null } }) : undefined,
    );
    const { queryClient } = await renderRoutes(routes, '/news');
    expect(await screen.findByRole('heading', { level: 2, name: numbers.title })).toBeInTheDocument();

    // The next read of the list is shed; the list is asked for again (a change elsewhere, a revisit).
    answers = [busy];
    void queryClient.invalidateQueries({ queryKey: ['news'] });
    const note = await screen.findByText('Saathi is busy right now, so this is what was loaded earlier. Trying again in 1 second. SOS still works.');
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: numbers.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.to('GET', '/api/news')).toHaveLength(2);

    // A second later it asks again, and the new list replaces the note.
    expect(await screen.findByRole('heading', { level: 2, name: heat.title }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Saathi is busy/)).not.toBeInTheDocument();
    expect(api.to('GET', '/api/news')).toHaveLength(3);
  });

  it('keeps loading, with the note, when the first read of the list is shed', async () => {
    const answers = [{ status: 503, body: { error: { code: 'busy', message: 'Busy, retry later', params: { seconds: 1 } } } }];
    stubApi((request) => (request.path === '/api/news' ? (answers.shift() ?? { status: 200, body: { items: [numbers], nextCursor: null } }) : undefined));
    await renderRoutes(routes, '/news');
    expect(await screen.findByText('Saathi is busy right now. Trying again in 1 second. SOS still works.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: numbers.title }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Saathi is busy/)).not.toBeInTheDocument();
  });

  it('copies the /news/<slug> link when the browser has no share sheet', async () => {
    const user = userEvent.setup({ delay: null });
    // jsdom has no navigator.share; user-event installs a clipboard stub that we observe.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only checks that the method is absent
    expect(navigator.share).toBeUndefined();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    stubApi(newsList({ items: [fraud], nextCursor: null }));
    await renderRoutes(routes, '/news');
    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/news/otp-is-a-key`);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  });
});

describe('the article page', { timeout: 30_000 }, () => {
  const articleRoute: Route = (request) => {
    if (request.method !== 'GET') return undefined;
    if (request.path === '/api/news/otp-is-a-key' || request.path === '/api/news/2') {
      return { status: 200, body: makeArticle(fraud, '<h2>What to do</h2><p>Call <a href="tel:1930">1930</a> at once.</p>') };
    }
    return undefined;
  };

  it('Read More saves the article and the list under currentArticle and opens /news/<slug> with the whole text', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(newsList({ items: [numbers, fraud], nextCursor: null }), articleRoute);
    const { router } = await renderRoutes(routes, '/news');
    await user.click(await screen.findByRole('button', { name: /An OTP is a key/ }));
    await user.click(screen.getByRole('button', { name: 'Read More' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/news/otp-is-a-key'));
    expect(await screen.findByRole('heading', { level: 1, name: fraud.title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'What to do' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1930' })).toHaveAttribute('href', 'tel:1930');
    expect(api.to('GET', '/api/news/otp-is-a-key')[0]?.query).toEqual({ language: 'en' });

    // The saved copy now holds the whole text, for reading it offline.
    const stored = readCurrentArticle();
    expect(stored?.article.slug).toBe('otp-is-a-key');
    expect(stored?.articles.map((article) => article.slug)).toEqual(['emergency-numbers', 'otp-is-a-key']);
    await waitFor(() => expect(readCurrentArticle()?.article.bodyHtml).toContain('What to do'));
  });

  it('opens an article by its numeric id at its slug, and says when an article does not exist', async () => {
    stubApi(articleRoute);
    const { router } = await renderRoutes(routes, '/news/2');
    expect(await screen.findByRole('heading', { level: 1, name: fraud.title })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/otp-is-a-key'));

    await act(() => router.navigate('/news/no-such-article'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This article is not available.');
  });

  it('opens the saved copy without a network', async () => {
    saveCurrentArticle({ ...heat, bodyHtml: '<p>Drink water before you feel thirsty.</p>' }, [numbers, heat]);
    stubApi(() => 'offline');
    await renderRoutes(routes, '/news/heatwave-signs');
    expect(await screen.findByText('You are offline. This is the copy saved on this phone.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: heat.title })).toBeInTheDocument();
    expect(screen.getByText('Drink water before you feel thirsty.')).toBeInTheDocument();
  });

  it('ignores a currentArticle saved by an older version of the app', async () => {
    localStorage.setItem(CURRENT_ARTICLE_STORAGE_KEY, JSON.stringify({ article: { key: 'heatwave', title: 'Old' }, articles: [] }));
    expect(readCurrentArticle()).toBeNull();
    stubApi(() => 'offline');
    await renderRoutes(routes, '/news/heatwave-signs');
    expect(await screen.findByText('No connection. Check your internet and try again.')).toBeInTheDocument();
  });
});
