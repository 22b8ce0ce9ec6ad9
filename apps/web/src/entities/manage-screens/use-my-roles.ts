import type { Role } from '@saathi/shared';
import { useMeQuery } from '../user';

/**
 * The signed-in user's roles, fresh from the server (a grant applies at their next request),
 * or undefined while unknown. A user stored by an older version of the app has no `roles`.
 */
export function useMyRoles(): readonly Role[] | undefined {
  const me = useMeQuery();
  const user: { roles?: readonly Role[] } | undefined = me.data;
  return user ? (user.roles ?? ['user']) : undefined;
}
