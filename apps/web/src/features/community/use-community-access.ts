import { isOldEnoughForCommunity } from '@saathi/shared';
import { useSession } from '../../entities/session';

/**
 * SPEC.md §6: users under 13 (or without a date of birth) may not see the community; the server
 * answers 403 too. Visitors who are not signed in may read it (SPEC.md §2 lists /comunity-post,
 * /profile/{id} and the shared post link without sign-in); doing anything asks them to sign in.
 */
export function useCommunityAccess(): { isLoggedIn: boolean; allowed: boolean } {
  const { user, isLoggedIn } = useSession();
  return { isLoggedIn, allowed: communityAllowed(user) };
}

/** Visitors (no user) read; a signed-in user must be at least 13. */
export function communityAllowed(user: { dob: string | null } | null): boolean {
  return user === null || isOldEnoughForCommunity(user.dob);
}
