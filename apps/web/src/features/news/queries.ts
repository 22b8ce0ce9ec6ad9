import { useQuery } from '@tanstack/react-query';
import type { NewsArticle, NewsList } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { useCursorPagesQuery } from '../../lib/cursor-paging';
import type { ReaderPreferences } from './news-preferences';

/** Articles per page of the strip: a few screens of thumbnails, so the next page is asked for early. */
export const NEWS_PAGE_SIZE = 20;
/** News changes a few times a day; five minutes spares a refetch on every visit. */
export const NEWS_STALE_TIME_MS = 5 * 60_000;

export const newsKeys = {
  all: ['news'] as const,
  list: (preferences: ReaderPreferences) =>
    [...newsKeys.all, 'list', preferences.language, [...preferences.categories].sort().join(','), preferences.newsType] as const,
  article: (idOrSlug: string, language: string) => [...newsKeys.all, 'article', idOrSlug, language] as const,
};

export function fetchNewsPage(preferences: ReaderPreferences, cursor: string | null, signal?: AbortSignal): Promise<NewsList> {
  return api.call('GET /news', {
    query: {
      language: preferences.language,
      type: preferences.newsType,
      limit: NEWS_PAGE_SIZE,
      ...(preferences.categories.length > 0 ? { category: preferences.categories.join(',') } : {}),
      ...(cursor ? { cursor } : {}),
    },
    signal,
  });
}

/** The published articles the reader's preferences choose, newest first, page by page. */
export function useNewsListQuery(preferences: ReaderPreferences) {
  return useCursorPagesQuery(newsKeys.list(preferences), (cursor, signal) => fetchNewsPage(preferences, cursor, signal), { staleTime: NEWS_STALE_TIME_MS });
}

export function fetchNewsArticle(idOrSlug: string, language: ReaderPreferences['language'], signal?: AbortSignal): Promise<NewsArticle> {
  return api.call('GET /news/:idOrSlug', { params: { idOrSlug }, query: { language }, signal });
}

/** One article by slug or id, in the reader's language when it is written in it. */
export function useNewsArticleQuery(idOrSlug: string, language: ReaderPreferences['language']) {
  return useQuery({
    queryKey: newsKeys.article(idOrSlug, language),
    queryFn: ({ signal }) => fetchNewsArticle(idOrSlug, language, signal),
    staleTime: NEWS_STALE_TIME_MS,
    retry: false,
  });
}
