import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsPage } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { notificationKeys } from './unread-count';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => api.get<NotificationsPage>('/notifications', { page: pageParam, pageSize: NOTIFICATIONS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** Marks the given notifications read, or all of them without ids. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.post<{ updated: number; unreadCount: number }>('/notifications/read', ids ? { ids } : {}),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationKeys.unread(), unreadCount);
    },
  });
}
