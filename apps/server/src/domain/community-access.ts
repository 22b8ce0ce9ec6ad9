import { isOldEnoughForCommunity } from '@saathi/shared';
import { sql } from 'kysely';
import type { Clock } from '../core/clock';
import type { DbRef } from '../core/db/db-ref';
import { ForbiddenError } from '../core/errors';

export const AGE_GATE_MESSAGE = 'Access Denied: You must be at least 13 years old to view this page.';

/** A caller whose date of birth was read with their session (the auth hook's `request.user`). */
export interface CallerWithDob {
  id: number;
  dob: string | null;
}

/**
 * SPEC.md §5/§6 age gate on the server: every community read and write first checks the
 * caller is at least 13 by dob (in India's calendar); no dob means denied.
 */
export function createCommunityAccess(ref: DbRef, clock: Clock) {
  return {
    /** By user id (one query), or for a caller whose dob came with their session (none: the busiest reads pass it). */
    async assertAllowed(caller: number | CallerWithDob): Promise<void> {
      const dob =
        typeof caller === 'number'
          ? ((await sql<{ dob: string | null }>`SELECT dob FROM users WHERE id = ${caller}`.execute(ref.db)).rows[0]?.dob ?? null)
          : caller.dob;
      // Ages count on India's calendar (shared/domain/age.ts), whatever TZ the process runs in.
      if (!isOldEnoughForCommunity(dob, clock())) throw new ForbiddenError(AGE_GATE_MESSAGE, 'age_restricted', { age: 13 });
    },

    /** A moderator's suspension stops new posts and comments until it ends (moderation_suspensions_user_idx). */
    async assertMayPublish(userId: number): Promise<void> {
      const row = await sql<{ ends_at: Date }>`
        SELECT max(ends_at) AS ends_at FROM moderation_suspensions
        WHERE user_id = ${userId} AND lifted_at IS NULL AND ends_at > ${clock()}`.execute(ref.db);
      const endsAt = row.rows[0]?.ends_at;
      if (endsAt) {
        throw new ForbiddenError('A moderator has suspended your posting', 'posting_suspended', { until: new Date(endsAt).toISOString() });
      }
    },
  };
}

export type CommunityAccess = ReturnType<typeof createCommunityAccess>;
