import { isOldEnoughForCommunity } from '@saathi/shared';
import { useSession } from '../auth/session';

/** SPEC.md §6: users under 13 (or without a date of birth) may not see the community; the server answers 403 too. */
export function useCommunityAccess(): { isLoggedIn: boolean; allowed: boolean } {
  const { user, isLoggedIn } = useSession();
  return { isLoggedIn, allowed: Boolean(user && isOldEnoughForCommunity(user.dob)) };
}
