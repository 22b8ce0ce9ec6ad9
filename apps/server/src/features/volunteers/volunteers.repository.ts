import { sql, type RawBuilder } from 'kysely';
import type { LatLon } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';
import { LIVE_LOCATION_FRESH_MS } from '../../domain/live-location';

/** The radar shows at most this many; the nearest are kept. */
export const MAX_NEARBY_RESULTS = 500;

export interface NearbyArgs {
  origin: LatLon;
  rangeM: number;
  callerId: number;
  now: Date;
  limit?: number;
}

export interface NearbyRow {
  id: number;
  profession: string | null;
  /** The centre of the volunteer's grid cell, never the stored point. */
  lat: number;
  lon: number;
  distanceM: number;
  /** Carries the verified-responder badge at `now`. */
  verified: boolean;
}

/**
 * Volunteers whose grid cell centre is within `rangeM` of `origin`, nearest first.
 *
 * The radius test runs on the stored cell centres (migration 0012-volunteer-cells), so the
 * answer depends on the cell alone and never on the exact point: saved volunteer places
 * through saved_locations_volunteer_cell_gix, fresh shared positions through
 * users_last_location_cell_gix (a partial index matching the users predicate below). A
 * volunteer with several places counts once, at the nearest.
 */
export function nearbyQuery({ origin, rangeM, callerId, now, limit = MAX_NEARBY_RESULTS }: NearbyArgs): RawBuilder<NearbyRow> {
  const from = geoPoint(origin);
  const freshSince = new Date(now.getTime() - LIVE_LOCATION_FRESH_MS);
  return sql<NearbyRow>`
    WITH candidates AS (
      SELECT sl.user_id, sl.volunteer_cell AS cell
      FROM saved_locations sl
      WHERE sl.volunteer_cell IS NOT NULL
        AND ST_DWithin(sl.volunteer_cell, ${from}, ${rangeM})
      UNION ALL
      SELECT u.id, u.last_location_cell
      FROM users u
      WHERE u.available_for_community AND u.last_location_cell IS NOT NULL
        AND u.share_live_location
        AND u.last_location_at >= ${freshSince}::timestamptz
        AND ST_DWithin(u.last_location_cell, ${from}, ${rangeM})
    ),
    nearest AS (
      SELECT DISTINCT ON (user_id) user_id, cell, ST_Distance(cell, ${from}) AS d
      FROM candidates
      ORDER BY user_id, d
    )
    SELECT n.user_id AS id, u.profession, ST_Y(n.cell::geometry) AS lat, ST_X(n.cell::geometry) AS lon, n.d AS "distanceM",
      COALESCE(u.verified_until > ${now}::timestamptz, false) AS verified
    FROM nearest n
    JOIN users u ON u.id = n.user_id
    -- Off-duty volunteers are not offered as help nearby either (they get no alerts).
    WHERE u.available_for_community AND u.on_duty AND u.id <> ${callerId}
    ORDER BY n.d, n.user_id
    LIMIT ${limit}`;
}

export function createVolunteersRepository(dbRef: DbRef) {
  return {
    async findNearby(args: NearbyArgs): Promise<NearbyRow[]> {
      // One round trip: parallel plans are off for the app's PostgreSQL connections (core/db/database.ts).
      return (await nearbyQuery(args).execute(dbRef.db)).rows;
    },

    /**
     * Stores the device position of a volunteer who shares it while available; anyone else's
     * position is not kept. Returns when it was recorded, or null when it was not stored.
     */
    async updateLiveLocation(userId: number, at: LatLon, now: Date): Promise<Date | null> {
      const row = await dbRef.db
        .updateTable('users')
        .set({
          last_location: geoPoint(at),
          last_location_at: now,
        })
        .where('id', '=', userId)
        .where('share_live_location', '=', true)
        .where('available_for_community', '=', true)
        .returning('last_location_at')
        .executeTakeFirst();
      return row?.last_location_at ?? null;
    },
  };
}

export type VolunteersRepository = ReturnType<typeof createVolunteersRepository>;
