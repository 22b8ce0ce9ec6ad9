import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { CommunityPost, FeedResponse, PostComment } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** SPEC.md §9: the feed loads five posts a page, comments and likes ten. */
export const FEED_PAGE_SIZE = 5;
export const COMMENTS_PAGE_SIZE = 10;
export const LIKES_PAGE_SIZE = 10;

export interface FeedFilters {
  prompt: string;
  businessCategory: string | null;
  /** The author whose posts to list (/my-posts/{id}, /profile/{id}). */
  userId?: number;
  latitude: number | null;
  longitude: number | null;
}

export const communityKeys = {
  all: ['community'] as const,
  feeds: () => [...communityKeys.all, 'feed'] as const,
  feed: (filters: FeedFilters) => [...communityKeys.feeds(), filters] as const,
  post: (postId: number) => [...communityKeys.all, 'post', postId] as const,
  comments: (postId: number) => [...communityKeys.all, 'comments', postId] as const,
  likes: (postId: number) => [...communityKeys.all, 'likes', postId] as const,
  limits: (userId: number) => [...communityKeys.all, 'limits', userId] as const,
};

function feedQuery(filters: FeedFilters, page: number) {
  return {
    status: 'active' as const,
    prompt: filters.prompt || undefined,
    businessCategory: filters.businessCategory ?? undefined,
    isSearch: filters.prompt || filters.businessCategory ? 'true' : undefined,
    userId: filters.userId,
    page,
    limit: FEED_PAGE_SIZE,
    latitude: filters.latitude ?? undefined,
    longitude: filters.longitude ?? undefined,
  };
}

/** The feed, a page at a time; a new filter object is a new list starting at page 1. */
export function useFeedQuery(filters: FeedFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: communityKeys.feed(filters),
    // The signal lets TanStack drop a shed read's pending retry, as it was, when the feed closes.
    queryFn: ({ pageParam, signal }) => api.call('GET /posts/community-posts', { query: feedQuery(filters, pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });
}

export function usePostQuery(postId: number, position: { latitude: number; longitude: number } | null, enabled = true) {
  return useQuery({
    queryKey: [...communityKeys.post(postId), position] as const,
    queryFn: () => api.call('GET /posts/:postId', { params: { postId }, query: { latitude: position?.latitude, longitude: position?.longitude } }),
    enabled: enabled && Number.isInteger(postId) && postId > 0,
  });
}

export function useInteractionLimits(userId: number | undefined) {
  return useQuery({
    queryKey: communityKeys.limits(userId ?? 0),
    queryFn: () => api.call('GET /posts/user-interaction/:userId', { params: { userId: userId ?? 0 } }),
    enabled: userId !== undefined,
  });
}

/** Applies `change` to the post wherever it is cached: every feed page and its single-post entry. */
export function patchPost(client: QueryClient, postId: number, change: (post: CommunityPost) => CommunityPost): void {
  client.setQueriesData<InfiniteData<FeedResponse>>({ queryKey: communityKeys.feeds() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((post) => (post.id === postId ? change(post) : post)) })) } : data,
  );
  client.setQueriesData<CommunityPost>({ queryKey: communityKeys.post(postId) }, (post) => (post ? change(post) : post));
}

/** The like count moves only after the server agreed (SPEC.md §4: +1/-1, never below 0). */
export function applyLike(post: CommunityPost, liked: boolean): CommunityPost {
  if (post.liked === liked) return post;
  const likesCount = Math.max(0, post.likesCount + (liked ? 1 : -1));
  return { ...post, liked, wasLiked: liked, likesCount };
}

export function useToggleLike(userId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ post }: { post: CommunityPost }) =>
      api.call(post.liked ? 'POST /posts/:postId/unlike' : 'POST /posts/:postId/like', { params: { postId: post.id }, body: { userId, postId: post.id } }),
    onSuccess: (result, { post }) => {
      patchPost(client, post.id, (cached) => applyLike(cached, !post.liked));
      void refetchAfterChange(client, { queryKey: communityKeys.likes(post.id) });
      if (userId !== undefined) void refetchAfterChange(client, { queryKey: communityKeys.limits(userId) });
      return result;
    },
  });
}

/** Comments: page 1 holds the newest ten; older pages are shown above them, oldest first. */
export function useCommentsQuery(postId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ pageParam }) => api.call('GET /posts/:postId/comments', { params: { postId }, query: { page: pageParam, pageSize: COMMENTS_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length < COMMENTS_PAGE_SIZE ? undefined : pages.length + 1),
    enabled,
  });
}

/** The loaded comments in reading order: oldest at the top. */
export function commentsOldestFirst(pages: readonly PostComment[][] | undefined): PostComment[] {
  return (pages ?? []).flat().slice().reverse();
}

export function useAddComment(postId: number, userId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.call('POST /posts/:postId/comments', { params: { postId }, body: { content, postId, userId } }),
    onSuccess: () => {
      patchPost(client, postId, (post) => ({ ...post, commentsCount: post.commentsCount + 1 }));
      void refetchAfterChange(client, { queryKey: communityKeys.comments(postId) });
      if (userId !== undefined) void refetchAfterChange(client, { queryKey: communityKeys.limits(userId) });
    },
  });
}

export function useDeleteComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.call('DELETE /comments/:id', { params: { id: commentId } }),
    onSuccess: () => {
      patchPost(client, postId, (post) => ({ ...post, commentsCount: Math.max(0, post.commentsCount - 1) }));
      void refetchAfterChange(client, { queryKey: communityKeys.comments(postId) });
    },
  });
}

export function useLikesQuery(postId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: communityKeys.likes(postId),
    queryFn: ({ pageParam }) => api.call('GET /posts/:postId/likes', { params: { postId }, query: { page: pageParam, limit: LIKES_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
    enabled,
  });
}

export function useCountShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => api.call('POST /posts/:postId/share', { params: { postId } }),
    onSuccess: ({ sharesCount }, postId) => patchPost(client, postId, (post) => ({ ...post, sharesCount })),
  });
}
