import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsPage } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { useSession } from '../auth/session';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

export function useUnreadCount() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async () => (await api.get<{ count: number }>('/notifications/unread-count')).count,
    enabled: isLoggedIn,
    // The live stream invalidates it; this only catches up after a long sleep.
    refetchInterval: 120_000,
  });
}

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
