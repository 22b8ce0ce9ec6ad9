import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateNewsArticleBody, EditorNewsArticle, NewsState, UpdateNewsArticleBody } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { useCursorPagesQuery } from '../../lib/cursor-paging';
import { newsKeys } from '../news';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** Rows per page of the desk's list. */
export const DESK_PAGE_SIZE = 20;
/** Several editors may work at once: the list refreshes on every visit after half a minute. */
export const DESK_STALE_TIME_MS = 30_000;
/** Markdown renders the same way until the server changes: keep each preview for the session. */
const PREVIEW_STALE_TIME_MS = Infinity;

export const deskKeys = {
  all: ['news-desk'] as const,
  lists: () => [...deskKeys.all, 'list'] as const,
  list: (state: NewsState | null, search: string) => [...deskKeys.lists(), state ?? 'any', search.trim().toLowerCase()] as const,
  article: (id: number) => [...deskKeys.all, 'article', id] as const,
  versions: (id: number) => [...deskKeys.all, 'versions', id] as const,
  version: (id: number, version: number) => [...deskKeys.all, 'versions', id, version] as const,
  preview: (body: string) => [...deskKeys.all, 'preview', body] as const,
};

/** Every article, by state and words of the title or slug, the newest change first. */
export function useDeskListQuery(state: NewsState | null, search: string) {
  return useCursorPagesQuery(
    deskKeys.list(state, search),
    (cursor, signal) =>
      api.call('GET /editor/news', {
        query: {
          limit: DESK_PAGE_SIZE,
          ...(state ? { state } : {}),
          ...(search.trim() ? { query: search.trim() } : {}),
          ...(cursor ? { cursor } : {}),
        },
        signal,
      }),
    { staleTime: DESK_STALE_TIME_MS, keepPrevious: true },
  );
}

export function useDeskArticleQuery(id: number | null) {
  return useQuery({
    queryKey: deskKeys.article(id ?? 0),
    queryFn: ({ signal }) => api.call('GET /editor/news/:id', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: DESK_STALE_TIME_MS,
    retry: false,
  });
}

/** After any change: this article as the server now holds it, and every list (the desk's and readers') again. */
function useArticleChanged() {
  const queryClient = useQueryClient();
  return (article: EditorNewsArticle) => {
    queryClient.setQueryData(deskKeys.article(article.id), article);
    void refetchAfterChange(queryClient, { queryKey: deskKeys.lists() });
    void refetchAfterChange(queryClient, { queryKey: deskKeys.versions(article.id) });
    void refetchAfterChange(queryClient, { queryKey: newsKeys.all });
  };
}

export function useCreateArticleMutation() {
  const changed = useArticleChanged();
  return useMutation({ mutationFn: (body: CreateNewsArticleBody) => api.call('POST /news', { body }), onSuccess: changed });
}

export function useUpdateArticleMutation() {
  const changed = useArticleChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateNewsArticleBody }) => api.call('PATCH /news/:id', { params: { id }, body }),
    onSuccess: changed,
  });
}

/** Publishes now, or schedules for `at` (an ISO instant). */
export function usePublishMutation() {
  const changed = useArticleChanged();
  return useMutation({
    mutationFn: ({ id, at }: { id: number; at?: string }) => api.call('POST /news/:id/publish', { params: { id }, body: at ? { at } : {} }),
    onSuccess: changed,
  });
}

export function useUnpublishMutation() {
  const changed = useArticleChanged();
  return useMutation({ mutationFn: (id: number) => api.call('POST /news/:id/unpublish', { params: { id } }), onSuccess: changed });
}

export function useDeleteArticleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('DELETE /news/:id', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: deskKeys.article(id) });
      void refetchAfterChange(queryClient, { queryKey: deskKeys.lists() });
    },
  });
}

export function useVersionsQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: deskKeys.versions(id),
    queryFn: ({ signal }) => api.call('GET /news/:id/versions', { params: { id }, signal }),
    enabled,
    retry: false,
  });
}

export function useVersionQuery(id: number, version: number | null) {
  return useQuery({
    queryKey: deskKeys.version(id, version ?? 0),
    queryFn: ({ signal }) => api.call('GET /news/:id/versions/:version', { params: { id, version: version ?? 0 }, signal }),
    enabled: version !== null,
    // A saved version never changes.
    staleTime: Infinity,
    retry: false,
  });
}

export function useRestoreVersionMutation() {
  const changed = useArticleChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => api.call('POST /news/:id/versions/:version/restore', { params: { id, version } }),
    onSuccess: changed,
  });
}

export function useUploadImageMutation() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.call('POST /news/images', { body: form });
    },
  });
}

/** Markdown rendered by the server exactly as readers will get it; the last preview stays while the next one renders. */
export function usePreviewQuery(body: string) {
  return useQuery({
    queryKey: deskKeys.preview(body),
    queryFn: ({ signal }) => api.call('POST /editor/news/preview', { body: { body }, signal }),
    enabled: body.trim() !== '',
    staleTime: PREVIEW_STALE_TIME_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
