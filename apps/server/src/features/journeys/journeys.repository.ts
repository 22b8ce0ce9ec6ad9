import { sql, type Kysely, type Transaction } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';
import type { Database } from '../../core/db/schema';
import type { JourneyMode, SafetyTimerDbStage } from '../../core/db/tables/safety-timer';

type Db = Kysely<Database> | Transaction<Database>;

export interface JourneyRecord {
  id: number;
  userId: number;
  timerStatus: 'running' | 'ended';
  stage: SafetyTimerDbStage;
  endReason: 'safe' | 'duress' | null;
  destinationName: string | null;
  destination: { latitude: number; longitude: number };
  mode: JourneyMode;
  startedAt: Date;
  expectedArrivalAt: Date;
  dueAt: Date;
  endedAt: Date | null;
  contactIds: number[] | null;
  extendedMinutes: number;
  arrivalAskedAt: Date | null;
}

export interface NewJourney {
  timerId: number;
  userId: number;
  destinationName: string | null;
  destination: { latitude: number; longitude: number };
  mode: JourneyMode;
  expectedArrivalAt: Date;
  graceMinutes: number;
}

export interface TrackPoint {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  at: Date;
}

/** Seconds per kept point: a point lands in the slot of its 10 s. */
export const SLOT_SECONDS = 10;

/** Journeys and their tracks; on the SOS path's pool (docs/adr/0022), like the timers under them. */
export function createJourneysRepository(ref: DbRef) {
  const select = (db: Db) =>
    db
      .selectFrom('journeys as j')
      .innerJoin('safety_timers as t', 't.id', 'j.timer_id')
      .select([
        'j.timer_id as id',
        'j.user_id as userId',
        't.status as timerStatus',
        't.stage',
        't.end_reason as endReason',
        'j.destination_name as destinationName',
        sql<number>`ST_Y(j.destination::geometry)`.as('latitude'),
        sql<number>`ST_X(j.destination::geometry)`.as('longitude'),
        'j.mode',
        't.started_at as startedAt',
        'j.expected_arrival_at as expectedArrivalAt',
        't.due_at as dueAt',
        't.ended_at as endedAt',
        't.contact_ids as contactIds',
        't.extended_minutes as extendedMinutes',
        'j.arrival_asked_at as arrivalAskedAt',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: Row): JourneyRecord => ({
    id: row.id,
    userId: row.userId,
    timerStatus: row.timerStatus,
    stage: row.stage,
    endReason: row.endReason,
    destinationName: row.destinationName,
    destination: { latitude: Number(row.latitude), longitude: Number(row.longitude) },
    mode: row.mode,
    startedAt: new Date(row.startedAt),
    expectedArrivalAt: new Date(row.expectedArrivalAt),
    dueAt: new Date(row.dueAt),
    endedAt: row.endedAt ? new Date(row.endedAt) : null,
    contactIds: row.contactIds,
    extendedMinutes: row.extendedMinutes,
    arrivalAskedAt: row.arrivalAskedAt ? new Date(row.arrivalAskedAt) : null,
  });

  return {
    async insert(trx: Transaction<Database>, journey: NewJourney): Promise<void> {
      await trx
        .insertInto('journeys')
        .values({
          timer_id: journey.timerId,
          user_id: journey.userId,
          destination_name: journey.destinationName,
          destination: geoPoint(journey.destination),
          mode: journey.mode,
          expected_arrival_at: journey.expectedArrivalAt,
          grace_minutes: journey.graceMinutes,
        })
        .execute();
    },

    /** The person's own link to the tracking page (no phone: it gets no SMS and no all-clear). */
    async insertShareLink(trx: Transaction<Database>, timerId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await trx
        .insertInto('safety_timer_links')
        .values({ timer_id: timerId, token_hash: tokenHash, contact_name: null, contact_phone: null, expires_at: expiresAt })
        .execute();
    },

    async find(id: number, db: Db = ref.db): Promise<JourneyRecord | undefined> {
      const row = await select(db).where('j.timer_id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async newestOf(userId: number): Promise<JourneyRecord | undefined> {
      const row = await select(ref.db).where('j.user_id', '=', userId).orderBy('j.timer_id', 'desc').limit(1).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /**
     * Keeps the points, one per 10 s slot (a repeat, or a second point in a slot, is skipped),
     * and moves the timer's newest position (what the contacts' page shows) only forward in
     * time, so a late batch never takes it back. One statement. Returns how many were kept.
     */
    async addPoints(timerId: number, points: readonly TrackPoint[]): Promise<number> {
      if (points.length === 0) return 0;
      const result = await sql<{ kept: number }>`
        WITH input AS (
          SELECT * FROM unnest(
            ${points.map((p) => p.latitude)}::float8[], ${points.map((p) => p.longitude)}::float8[],
            ${points.map((p) => p.accuracy)}::real[], ${points.map((p) => p.at.toISOString())}::timestamptz[]
          ) AS p(lat, lon, accuracy, at)
        ),
        kept AS (
          INSERT INTO journey_positions (timer_id, slot, at, location, accuracy_m)
          SELECT DISTINCT ON (slot) ${timerId}, slot, at, ST_SetSRID(ST_MakePoint(lon, lat), 4326)::geography, accuracy
          FROM (SELECT *, floor(extract(epoch FROM at) / ${SLOT_SECONDS})::bigint AS slot FROM input) s
          ORDER BY slot, at
          ON CONFLICT DO NOTHING
          RETURNING 1
        ),
        newest AS (SELECT * FROM input ORDER BY at DESC LIMIT 1),
        moved AS (
          UPDATE safety_timers t SET last_lat = n.lat, last_lon = n.lon, last_accuracy_m = n.accuracy, last_location_at = n.at
          FROM newest n
          WHERE t.id = ${timerId} AND (t.last_location_at IS NULL OR t.last_location_at < n.at)
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM kept)::int AS kept, (SELECT count(*) FROM moved)::int AS moved`.execute(ref.db);
      return Number(result.rows[0]?.kept ?? 0);
    },

    /** Marks when a point first came near the destination ("Arrived?"); true for the call that marked it. */
    async askArrival(timerId: number, at: Date): Promise<boolean> {
      const result = await ref.db
        .updateTable('journeys')
        .set({ arrival_asked_at: at })
        .where('timer_id', '=', timerId)
        .where('arrival_asked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** An extension moves the expected arrival with the timer's end. */
    async moveExpectedArrival(trx: Transaction<Database>, timerId: number, byMs: number): Promise<void> {
      await trx
        .updateTable('journeys')
        .set({ expected_arrival_at: sql`expected_arrival_at + make_interval(secs => ${byMs / 1000})` })
        .where('timer_id', '=', timerId)
        .execute();
    },
  };
}

export type JourneysRepository = ReturnType<typeof createJourneysRepository>;
