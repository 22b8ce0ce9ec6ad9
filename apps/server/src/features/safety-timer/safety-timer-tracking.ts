import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { TrackedEvent, TrackingRepository } from '../tracking/tracking.repository';

/**
 * The contacts' tracking page (`/track/<token>`) for safety timer links too: a token that is
 * not an SOS link is looked up among the timers' links and shown the same way, with the
 * newest position the phone sent. Timer links carry negative ids so `touch` knows where they live.
 */
export function withSafetyTimerLinks(tracking: TrackingRepository, ref: DbRef): TrackingRepository {
  return {
    ...tracking,
    async findByTokenHash(tokenHash: string): Promise<TrackedEvent | undefined> {
      const found = await tracking.findByTokenHash(tokenHash);
      if (found) return found;
      const row = await ref.db
        .selectFrom('safety_timer_links as l')
        .innerJoin('safety_timers as t', 't.id', 'l.timer_id')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          'l.id',
          'l.expires_at',
          'l.revoked_at',
          'u.name',
          't.started_at',
          't.last_lat',
          't.last_lon',
          't.last_accuracy_m',
          sql<Date>`COALESCE(t.last_location_at, t.started_at)`.as('at'),
        ])
        .where('l.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row || row.last_lat === null || row.last_lon === null) return undefined;
      return {
        tokenId: -row.id,
        expiresAt: new Date(row.expires_at),
        revoked: row.revoked_at !== null,
        status: 'active',
        victimName: row.name,
        threat: null,
        createdAt: new Date(row.started_at),
        latitude: row.last_lat,
        longitude: row.last_lon,
        accuracy: row.last_accuracy_m,
        at: new Date(row.at),
      };
    },

    async touch(tokenId: number, now: Date): Promise<void> {
      if (tokenId > 0) return tracking.touch(tokenId, now);
      await ref.db.updateTable('safety_timer_links').set({ last_viewed_at: now }).where('id', '=', -tokenId).execute();
    },
  };
}
