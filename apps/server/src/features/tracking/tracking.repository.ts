import { sql } from 'kysely';
import type { JourneyMode, SceneResponder, Threat } from '@saathi/shared';
import { sceneResponders } from '../sos';
import type { DbRef } from '../../core/db/db-ref';
import { systemClock, type Clock } from '../../core/clock';
import type { SosStatus } from '../../core/db/tables/sos';

export interface TrackedEvent {
  tokenId: number;
  expiresAt: Date;
  revoked: boolean;
  status: SosStatus;
  victimName: string | null;
  threat: Threat | null;
  createdAt: Date;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  at: Date;
  /** The volunteers coming: first name, badge and status on the scene (no distance, no position); none for other links. */
  responders?: SceneResponder[];
  /** A journey's link: its destination, expected arrival and path. */
  journey?: {
    destination: { name: string | null; latitude: number; longitude: number };
    mode: JourneyMode;
    expectedArrivalAt: Date;
    path: Array<{ latitude: number; longitude: number; at: Date }>;
  };
  /** A journey's link after it ended safely: the page says they arrived. */
  journeyArrived?: boolean;
}

export function createTrackingRepository(ref: DbRef, clock: Clock = systemClock) {
  return {
    async findByTokenHash(tokenHash: string): Promise<TrackedEvent | undefined> {
      const row = await ref.db
        .selectFrom('sos_tracking_tokens as t')
        .innerJoin('sos_events as e', 'e.id', 't.event_id')
        .innerJoin('users as v', 'v.id', 'e.user_id')
        .select([
          't.id',
          't.event_id',
          't.expires_at',
          't.revoked_at',
          'e.status',
          'v.name',
          'e.threat',
          'e.created_at',
          sql<number>`ST_Y(COALESCE(e.last_location, e.location)::geometry)`.as('lat'),
          sql<number>`ST_X(COALESCE(e.last_location, e.location)::geometry)`.as('lon'),
          sql<number | null>`COALESCE(e.last_accuracy_m, e.accuracy_m)`.as('accuracy'),
          sql<Date>`COALESCE(e.last_location_at, e.created_at)`.as('at'),
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        tokenId: row.id,
        expiresAt: new Date(row.expires_at),
        revoked: row.revoked_at !== null,
        status: row.status,
        victimName: row.name,
        threat: row.threat,
        createdAt: new Date(row.created_at),
        latitude: row.lat,
        longitude: row.lon,
        accuracy: row.accuracy,
        at: new Date(row.at),
        responders: await sceneResponders(ref.db, row.event_id, clock()),
      };
    },

    async touch(tokenId: number, now: Date): Promise<void> {
      await ref.db.updateTable('sos_tracking_tokens').set({ last_viewed_at: now }).where('id', '=', tokenId).execute();
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
