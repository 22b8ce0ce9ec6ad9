import { sql } from 'kysely';
import { TRACKED_PATH_MAX, type JourneyMode } from '@saathi/shared';
import { createJourneysRepository } from '../journeys';
import type { DbRef } from '../../core/db/db-ref';
import type { TrackedEvent, TrackingRepository } from './tracking.repository';

/**
 * The contacts' tracking page (`/track/<token>`) for safety timer links too: a token that is
 * not an SOS link is looked up among the timers' links and shown the same way, with the
 * newest position the phone sent. Timer links carry negative ids so `touch` knows where they live.
 * The safety-timer feature writes these links; reading them here keeps the page in one feature.
 */
export function withSafetyTimerLinks(tracking: TrackingRepository, ref: DbRef): TrackingRepository {
  const journeys = createJourneysRepository(ref);
  return {
    ...tracking,
    async findByTokenHash(tokenHash: string): Promise<TrackedEvent | undefined> {
      const found = await tracking.findByTokenHash(tokenHash);
      if (found) return found;
      const result = await sql<{
        id: number;
        expires_at: Date;
        revoked_at: Date | null;
        name: string | null;
        started_at: Date;
        last_lat: number | null;
        last_lon: number | null;
        last_accuracy_m: number | null;
        at: Date;
        timer_id: number;
        journey_id: number | null;
        destination_name: string | null;
        destination_lat: number | null;
        destination_lon: number | null;
        mode: JourneyMode | null;
        expected_arrival_at: Date | null;
      }>`SELECT l.id, l.expires_at, l.revoked_at, u.name, t.started_at, t.last_lat, t.last_lon, t.last_accuracy_m,
                COALESCE(t.last_location_at, t.started_at) AS at, t.id AS timer_id,
                j.timer_id AS journey_id, j.destination_name, ST_Y(j.destination::geometry) AS destination_lat,
                ST_X(j.destination::geometry) AS destination_lon, j.mode, j.expected_arrival_at
         FROM safety_timer_links l JOIN safety_timers t ON t.id = l.timer_id JOIN users u ON u.id = t.user_id
         LEFT JOIN journeys j ON j.timer_id = t.id
         WHERE l.token_hash = ${tokenHash}`.execute(ref.db);
      const row = result.rows[0];
      if (!row || row.last_lat === null || row.last_lon === null) return undefined;
      // A journey's link shows where they are going and the way so far; a revoked one, that they arrived (nothing more).
      const journey =
        row.journey_id === null || row.revoked_at !== null
          ? undefined
          : {
              destination: { name: row.destination_name, latitude: Number(row.destination_lat), longitude: Number(row.destination_lon) },
              mode: row.mode as JourneyMode,
              expectedArrivalAt: new Date(row.expected_arrival_at as Date),
              path: await journeys.path(row.timer_id, TRACKED_PATH_MAX),
            };
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
        journey,
        journeyArrived: row.journey_id !== null && row.revoked_at !== null,
      };
    },

    async touch(tokenId: number, now: Date): Promise<void> {
      if (tokenId > 0) return tracking.touch(tokenId, now);
      await ref.db.updateTable('safety_timer_links').set({ last_viewed_at: now }).where('id', '=', -tokenId).execute();
    },
  };
}
