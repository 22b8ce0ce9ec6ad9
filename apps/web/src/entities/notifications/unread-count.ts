import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSession } from '../session';

// Kept apart from queries.ts: the bell and the live alerts sit in the app shell, which must not
// load the paged list's code (useInfiniteQuery) before the SOS dashboard (DESIGN.md §7 budget).
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

export function useUnreadCount() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async () => (await api.call('GET /notifications/unread-count')).count,
    enabled: isLoggedIn,
    // The live stream invalidates it; this only catches up after a long sleep.
    refetchInterval: 120_000,
  });
}
