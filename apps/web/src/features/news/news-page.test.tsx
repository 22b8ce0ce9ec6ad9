import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { NEWS_ARTICLES } from './articles';
import { CURRENT_ARTICLE_STORAGE_KEY, readCurrentArticle } from './current-article-storage';
import { NewsArticlePage } from './news-article-page';
import { NewsPage } from './news-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [page('/news', <NewsPage />), page('/news/:id', <NewsArticlePage />)];

describe('news', { timeout: 30_000 }, () => {
  it('shows the 10 bundled articles in a strip and the selected one in the main card', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, '/news');
    const strip = await screen.findByRole('list', { name: 'Articles' });
    const thumbs = within(strip).getAllByRole('button');
    expect(thumbs).toHaveLength(10);
    expect(NEWS_ARTICLES).toHaveLength(10);

    expect(screen.getByRole('heading', { level: 2, name: '112 and the other numbers to know by heart' })).toBeInTheDocument();
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(strip).getByRole('button', { name: /An OTP is a key/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'An OTP is a key: never hand it over' })).toBeInTheDocument();
    expect(screen.getByText('By Saathi Safety Desk')).toBeInTheDocument();
    expect(screen.getByText('November 5, 2026')).toBeInTheDocument();
  });

  it('Read More saves the article and the list under currentArticle and opens /news/<index>', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderRoutes(routes, '/news');
    await user.click(await screen.findByRole('button', { name: /Hands-only CPR/ }));
    await user.click(screen.getByRole('button', { name: 'Read More' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/news/5'));
    const stored = readCurrentArticle();
    expect(stored?.article.key).toBe('handsOnlyCpr');
    expect(stored?.articles).toHaveLength(10);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hands-only CPR can keep someone alive until help arrives' })).toBeInTheDocument();
    // The whole text is on the article page, not only the first paragraph.
    expect(screen.getByText(/Do not stop until trained help takes over/)).toBeInTheDocument();
  });

  it('opens an article from the bundled list when nothing was saved, and says when the index is unknown', async () => {
    localStorage.removeItem(CURRENT_ARTICLE_STORAGE_KEY);
    const { router } = await renderRoutes(routes, '/news/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your emergency contacts before you need them' })).toBeInTheDocument();

    await act(() => router.navigate('/news/99'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This article is not available.');
  });

  it('copies the link when the browser has no share sheet', async () => {
    const user = userEvent.setup({ delay: null });
    // jsdom has no navigator.share; user-event installs a clipboard stub that we observe.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only checks that the method is absent
    expect(navigator.share).toBeUndefined();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await renderRoutes(routes, '/news');
    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/news/0`);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  });
});
