import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackInboxPage, FeedbackReplyBody, FeedbackStatus, InboxTicket, MyFeedbackResponse } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** A sender looks in now and then for an answer; the inbox is read often while admins work through it. */
export const MY_FEEDBACK_STALE_TIME_MS = 60_000;
export const INBOX_STALE_TIME_MS = 15_000;

export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: () => [...feedbackKeys.all, 'mine'] as const,
  inbox: (status: FeedbackStatus | null) => [...feedbackKeys.all, 'inbox', status ?? 'all'] as const,
};

export function useMyFeedbackQuery() {
  return useQuery({
    queryKey: feedbackKeys.mine(),
    queryFn: ({ signal }): Promise<MyFeedbackResponse> => api.call('GET /feedback/mine', { signal }),
    staleTime: MY_FEEDBACK_STALE_TIME_MS,
  });
}

export function useFeedbackInboxQuery(status: FeedbackStatus | null) {
  return useInfiniteQuery({
    queryKey: feedbackKeys.inbox(status),
    queryFn: ({ pageParam, signal }): Promise<FeedbackInboxPage> =>
      api.call('GET /feedback', { query: { ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: INBOX_STALE_TIME_MS,
    retry: false,
  });
}

/** An answer moves the ticket between the status lists: every list is read again. */
export function useReplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FeedbackReplyBody }): Promise<InboxTicket> => api.call('POST /feedback/:id/reply', { params: { id }, body }),
    onSuccess: () => refetchAfterChange(queryClient, { queryKey: feedbackKeys.all }),
  });
}
