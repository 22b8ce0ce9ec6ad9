import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { notificationKeys } from '../../entities/notifications';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => api.call('GET /notifications', { query: { page: pageParam, pageSize: NOTIFICATIONS_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** Marks the given notifications read, or all of them without ids. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.call('POST /notifications/read', { body: ids ? { ids } : {} }),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationKeys.unread(), unreadCount);
    },
  });
}
