import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { updateSessionUser, useSession } from '../session';

/** The user's own record changes only through this app, so it can stay fresh for a while. */
export const ME_STALE_TIME_MS = 60_000;

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export function fetchMe(): Promise<User> {
  return api.call('GET /users/me');
}

/** The signed-in user from the server; starts from the session copy so screens render at once. */
export function useMeQuery() {
  const { user, isLoggedIn } = useSession();
  return useQuery({
    queryKey: userKeys.me(),
    queryFn: async () => {
      const me = await fetchMe();
      updateSessionUser(me);
      return me;
    },
    enabled: isLoggedIn,
    staleTime: ME_STALE_TIME_MS,
    ...(user ? { placeholderData: user } : {}),
  });
}

export function useUpdateMeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => api.call('PATCH /users/me', { body }),
    onSuccess: (user) => {
      updateSessionUser(user);
      queryClient.setQueryData(userKeys.me(), user);
    },
  });
}
