import { sql, type Kysely, type Transaction } from 'kysely';
import { JOURNEY_LIMITS } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';
import type { Database } from '../../core/db/schema';
import type { JourneyCheckReason, JourneyMode, SafetyTimerDbStage } from '../../core/db/tables/safety-timer';
import { enqueue, type OutboxMessage } from '../../core/outbox';
import { toDateOrNull } from '../../core/db/row-values';
import type { WatchState } from './journey-watch';

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
  ownerLanguage: string | null;
  /** "Are you OK?" asked by the watch, and why. */
  check: { reason: JourneyCheckReason; askedAt: Date } | null;
  watch: WatchState;
  /** The newest position the contacts see (the timer's). */
  lastPosition: { latitude: number; longitude: number } | null;
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

/** A batch's change to the watch: the new state, read when `readAt` was the newest point. */
export interface WatchChange {
  state: WatchState;
  dueAt: Date | null;
  readAt: Date | null;
}

/** A journey the watch pass looks at. */
export interface WatchedJourney {
  id: number;
  userId: number;
  language: string | null;
  destinationName: string | null;
  destination: { latitude: number; longitude: number };
  mode: JourneyMode;
  running: boolean;
  stage: SafetyTimerDbStage;
  arrivalAsked: boolean;
  checkOpen: boolean;
  nearPlace: boolean;
  watch: WatchState;
}

/** What the pass decided for a journey: ask (`reason`), or look again at `dueAt` (null: never), forgetting a stop near a place. */
export interface WatchOutcome {
  id: number;
  reason: JourneyCheckReason | null;
  dueAt: Date | null;
  clearStop: boolean;
}

const JOURNEY_PLACE_RADIUS_M = JOURNEY_LIMITS.placeRadiusM;

/** Seconds per kept point: a point lands in the slot of its 10 s. */
export const SLOT_SECONDS = 10;

/** Journeys and their tracks; on the SOS path's pool (docs/adr/0022), like the timers under them. */
export function createJourneysRepository(ref: DbRef) {
  const select = (db: Db) =>
    db
      .selectFrom('journeys as j')
      .innerJoin('safety_timers as t', 't.id', 'j.timer_id')
      .innerJoin('users as u', 'u.id', 'j.user_id')
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
        'u.language as ownerLanguage',
        'j.check_reason as checkReason',
        'j.check_asked_at as checkAskedAt',
        'j.last_point_at as lastPointAt',
        'j.anchor_lat as anchorLat',
        'j.anchor_lon as anchorLon',
        'j.still_since as stillSince',
        'j.closest_m as closestM',
        'j.off_course_since as offCourseSince',
        't.last_lat as lastLat',
        't.last_lon as lastLon',
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
    ownerLanguage: row.ownerLanguage,
    check: row.checkReason && row.checkAskedAt ? { reason: row.checkReason, askedAt: new Date(row.checkAskedAt) } : null,
    watch: {
      lastPointAt: toDateOrNull(row.lastPointAt),
      anchor: row.anchorLat === null || row.anchorLon === null ? null : { latitude: row.anchorLat, longitude: row.anchorLon },
      stillSince: toDateOrNull(row.stillSince),
      closestM: row.closestM,
      offCourseSince: toDateOrNull(row.offCourseSince),
    },
    lastPosition: row.lastLat === null || row.lastLon === null ? null : { latitude: row.lastLat, longitude: row.lastLon },
  });

  /** The watch's columns, as a journey row stores them. */
  const watchColumns = (state: WatchState, dueAt: Date | null) => ({
    last_point_at: state.lastPointAt,
    anchor_lat: state.anchor?.latitude ?? null,
    anchor_lon: state.anchor?.longitude ?? null,
    still_since: state.stillSince,
    closest_m: state.closestM,
    off_course_since: state.offCourseSince,
    watch_due_at: dueAt,
  });

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

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
    async addPoints(timerId: number, points: readonly TrackPoint[], watch?: WatchChange): Promise<number> {
      if (points.length === 0) return 0;
      const state = watch ? watchColumns(watch.state, watch.dueAt) : null;
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
        ),
        -- The watch moves on only from the state this batch was read with: a batch that raced
        -- another leaves the watch to the next one.
        watched AS (
          UPDATE journeys SET last_point_at = ${state?.last_point_at ?? null}, anchor_lat = ${state?.anchor_lat ?? null},
            anchor_lon = ${state?.anchor_lon ?? null}, still_since = ${state?.still_since ?? null}, closest_m = ${state?.closest_m ?? null},
            off_course_since = ${state?.off_course_since ?? null}, watch_due_at = ${state?.watch_due_at ?? null}
          WHERE ${state !== null} AND timer_id = ${timerId} AND last_point_at IS NOT DISTINCT FROM ${watch?.readAt ?? null}::timestamptz
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM kept)::int AS kept, (SELECT count(*) FROM moved)::int AS moved`.execute(ref.db);
      return Number(result.rows[0]?.kept ?? 0);
    },

    /**
     * Marks when a point first came near the destination ("Arrived?") and writes the job that
     * ends the journey if it stays unanswered; true for the call that marked it.
     */
    async askArrival(timerId: number, at: Date, jobs: readonly OutboxMessage[]): Promise<boolean> {
      return ref.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('journeys')
          .set({ arrival_asked_at: at })
          .where('timer_id', '=', timerId)
          .where('arrival_asked_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await enqueue(trx, jobs);
        return true;
      });
    },

    /** The journeys whose watch time came (locked for this pass; another process takes the others). */
    async dueForWatch(trx: Transaction<Database>, now: Date, limit: number): Promise<WatchedJourney[]> {
      const rows = await sql<{
        id: number;
        user_id: number;
        language: string | null;
        destination_name: string | null;
        lat: number;
        lon: number;
        mode: JourneyMode;
        status: 'running' | 'ended';
        stage: SafetyTimerDbStage;
        arrival_asked_at: Date | null;
        check_asked_at: Date | null;
        last_point_at: Date | null;
        anchor_lat: number | null;
        anchor_lon: number | null;
        still_since: Date | null;
        closest_m: number | null;
        off_course_since: Date | null;
        near_place: boolean;
      }>`
        SELECT j.timer_id AS id, j.user_id, u.language, j.destination_name, ST_Y(j.destination::geometry) AS lat, ST_X(j.destination::geometry) AS lon,
               j.mode, t.status, t.stage, j.arrival_asked_at, j.check_asked_at, j.last_point_at, j.anchor_lat, j.anchor_lon,
               j.still_since, j.closest_m, j.off_course_since,
               -- A stop near the destination or one of the person's saved places is expected.
               j.anchor_lat IS NOT NULL AND (
                 ST_DWithin(j.destination, ST_SetSRID(ST_MakePoint(j.anchor_lon, j.anchor_lat), 4326)::geography, ${JOURNEY_PLACE_RADIUS_M})
                 OR EXISTS (SELECT 1 FROM saved_locations s WHERE s.user_id = j.user_id
                            AND ST_DWithin(s.location, ST_SetSRID(ST_MakePoint(j.anchor_lon, j.anchor_lat), 4326)::geography, ${JOURNEY_PLACE_RADIUS_M}))
               ) AS near_place
        FROM journeys j JOIN safety_timers t ON t.id = j.timer_id JOIN users u ON u.id = j.user_id
        WHERE j.watch_due_at <= ${now}
        ORDER BY j.watch_due_at
        LIMIT ${limit}
        FOR UPDATE OF j SKIP LOCKED`.execute(trx);
      return rows.rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        language: r.language,
        destinationName: r.destination_name,
        destination: { latitude: Number(r.lat), longitude: Number(r.lon) },
        mode: r.mode,
        running: r.status === 'running',
        stage: r.stage,
        arrivalAsked: r.arrival_asked_at !== null,
        checkOpen: r.check_asked_at !== null,
        nearPlace: r.near_place,
        watch: {
          lastPointAt: toDateOrNull(r.last_point_at),
          anchor: r.anchor_lat === null || r.anchor_lon === null ? null : { latitude: r.anchor_lat, longitude: r.anchor_lon },
          stillSince: toDateOrNull(r.still_since),
          closestM: r.closest_m,
          offCourseSince: toDateOrNull(r.off_course_since),
        },
      }));
    },

    /** The pass's outcome for each journey in one statement: its new watch time (and stop), or the question it asked. */
    async settleWatch(trx: Transaction<Database>, changes: readonly WatchOutcome[], now: Date): Promise<void> {
      if (changes.length === 0) return;
      await sql`
        UPDATE journeys j SET
          watch_due_at = c.due_at,
          still_since = CASE WHEN c.clear_stop THEN NULL ELSE j.still_since END,
          check_reason = COALESCE(c.reason, j.check_reason),
          check_asked_at = CASE WHEN c.reason IS NULL THEN j.check_asked_at ELSE ${now}::timestamptz END
        FROM unnest(${changes.map((c) => c.id)}::int[], ${changes.map((c) => c.dueAt?.toISOString() ?? null)}::timestamptz[],
                    ${changes.map((c) => c.clearStop)}::boolean[], ${changes.map((c) => c.reason)}::text[]) AS c(id, due_at, clear_stop, reason)
        WHERE j.timer_id = c.id`.execute(trx);
    },

    /**
     * When the watch has work next: now while any journey is watched (a batch may bring a check
     * closer at any time, so the pass looks every few seconds), else when the oldest safely ended
     * track falls due for deletion; null when neither.
     */
    async nextWatchWork(now: Date, keepTrackMs: number): Promise<Date | null> {
      const row = await sql<{ next: Date | null }>`
        SELECT CASE WHEN EXISTS (SELECT 1 FROM journeys WHERE watch_due_at IS NOT NULL) THEN ${now}::timestamptz
          ELSE (SELECT min(t.ended_at) + make_interval(secs => ${keepTrackMs / 1000}) FROM journeys j JOIN safety_timers t ON t.id = j.timer_id
                WHERE j.track_deleted_at IS NULL AND t.status = 'ended' AND t.end_reason = 'safe' AND t.sos_event_id IS NULL)
        END AS next`.execute(ref.db);
      return toDateOrNull(row.rows[0]?.next ?? null);
    },

    /** "Are you OK?" answered: the watch starts afresh. */
    async answerCheck(trx: Transaction<Database>, timerId: number, state: WatchState, dueAt: Date | null): Promise<void> {
      await trx
        .updateTable('journeys')
        .set({ ...watchColumns(state, dueAt), check_reason: null, check_asked_at: null })
        .where('timer_id', '=', timerId)
        .execute();
    },

    /** Whether a question ("Are you OK?" or "Arrived?") asked at `askedAt` still stands on a running journey. */
    async stillAsked(timerId: number, question: 'check_asked_at' | 'arrival_asked_at', askedAt: Date): Promise<boolean> {
      const row = await ref.db
        .selectFrom('journeys as j')
        .innerJoin('safety_timers as t', 't.id', 'j.timer_id')
        .select('j.timer_id')
        .where('j.timer_id', '=', timerId)
        .where('t.status', '=', 'running')
        .where(`j.${question}`, '=', askedAt)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Deletes the tracks of journeys that ended safely more than `keepMs` ago, in batches. A
     * duress ending or an SOS keeps its track: the contacts and responders may still need it.
     */
    async forgetTracks(now: Date, keepMs: number, limit: number): Promise<number> {
      const result = await sql<{ id: number }>`
        WITH old AS (
          SELECT j.timer_id FROM journeys j JOIN safety_timers t ON t.id = j.timer_id
          WHERE j.track_deleted_at IS NULL AND t.status = 'ended' AND t.end_reason = 'safe' AND t.sos_event_id IS NULL
            AND t.ended_at <= ${new Date(now.getTime() - keepMs)}
          LIMIT ${limit}
          FOR UPDATE OF j SKIP LOCKED
        ),
        gone AS (DELETE FROM journey_positions p USING old WHERE p.timer_id = old.timer_id)
        UPDATE journeys j SET track_deleted_at = ${now} FROM old WHERE j.timer_id = old.timer_id RETURNING j.timer_id AS id`.execute(ref.db);
      return result.rows.length;
    },

    /**
     * The track of a journey for its contacts' page, oldest first, at most `max` points: a
     * longer one keeps every n-th point and always the newest.
     */
    async path(timerId: number, max: number): Promise<Array<{ latitude: number; longitude: number; at: Date }>> {
      const rows = await sql<{ lat: number; lon: number; at: Date }>`
        WITH numbered AS (
          SELECT location, at, row_number() OVER (ORDER BY slot) AS n, count(*) OVER () AS total
          FROM journey_positions WHERE timer_id = ${timerId}
        )
        SELECT ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lon, at FROM numbered
        WHERE total <= ${max} OR (n - 1) % ceil(total::float8 / ${max - 1})::int = 0 OR n = total
        ORDER BY n`.execute(ref.db);
      return rows.rows.map((r) => ({ latitude: Number(r.lat), longitude: Number(r.lon), at: new Date(r.at) }));
    },
  };
}

export type JourneysRepository = ReturnType<typeof createJourneysRepository>;
