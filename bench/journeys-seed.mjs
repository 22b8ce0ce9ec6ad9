// Seed for bench/journeys.mjs: JOURNEYS people walking home, each with the two PINs, one
// emergency contact, a session and an active journey (its safety timer under the same id, the
// timer's escalation rows in the outbox, the person's own tracking link) and the points the
// phone has sent so far, all made inside the database with generate_series. The ids are set
// here (user i, timer i), so the load generator knows each person's journey and where they walk.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { hashPin } from '../apps/server/src/features/safety-timer/safety-pins.ts';
import { indiaDate } from '../packages/shared/src/domain/india-time.ts';
import { CITIES } from './feed-seed.mjs';

/** Walking pace (m/s) and how far from home each walk starts: 3 km, so no point comes within 150 m ("Arrived?") during the bench. */
export const SPEED_MPS = 1.4;
export const START_DISTANCE_M = 3000;
/** The phone's points are 10 s apart, on its own grid from the journey's start. */
export const POINT_EVERY_S = 10;
/** How long ago the journeys started: 10 to 11 minutes (so each has 60 or so points already). */
export const STARTED_AGO_S = 600;
const M_PER_DEG_LAT = 111_320;

/**
 * Where journey `i` goes and how it gets there: a destination around one of the cities, and a
 * straight walk towards it at SPEED_MPS, from START_DISTANCE_M away at its start. The seed
 * computes the same in SQL (`walk` below); `at` in ms.
 */
export function walkOf(i) {
  const city = CITIES[i % CITIES.length];
  const a = i * 2.399963;
  const destination = { latitude: city.latitude + 0.03 * Math.sin(a), longitude: city.longitude + 0.03 * Math.cos(a) };
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((destination.latitude * Math.PI) / 180);
  const heading = i * 0.7548776662;
  const dy = Math.sin(heading);
  const dx = Math.cos(heading);
  return {
    destination,
    at(startedAtMs, atMs) {
      const left = START_DISTANCE_M - (SPEED_MPS * (atMs - startedAtMs)) / 1000;
      return {
        latitude: destination.latitude - (left * dy) / M_PER_DEG_LAT,
        longitude: destination.longitude - (left * dx) / mPerDegLon,
      };
    },
  };
}

/**
 * Seeds `journeys` active journeys; `lateEvery`: every such one (by id) will be made to fall
 * late by the bench (lateJourneys); they are given a reminder already sent, as they would have
 * by then. Returns `{ tokens, startedAtMs, lastPointAtMs, history }`: the session token of person i
 * at tokens[i - 1], when each journey started (ms), its newest point so far, and how many
 * points were seeded.
 */
export async function seedJourneys(db, { journeys, lateEvery, log }) {
  const now = Date.now();
  const cities = CITIES.map((c) => `(${c.latitude},${c.longitude})`);
  // One hash pair for everyone, at the production cost (a journey's start asks only that they are set).
  const cost = loadConfig({}).safetyTimer.pinHashCost;
  const pins = { safety: await hashPin('2580', cost), duress: await hashPin('1379', cost) };
  const step = (label, started) => log(`${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let started = performance.now();

  await sql`INSERT INTO users (id, phone_number, name, dob, is_verified, profile_completed, referral_id, language)
    SELECT i, '6' || lpad(i::text, 9, '0'), 'Walker ' || i, DATE '1997-01-01', true, true, 'J' || lpad(i::text, 7, '0'), 'en-US'
    FROM generate_series(1, ${journeys}) i`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${journeys})`.execute(db);
  // They started a journey today: today's active day is recorded (the first request of a day writes it).
  await sql`INSERT INTO user_activity_days (user_id, activity_date) SELECT id, ${indiaDate(new Date(now))}::date FROM users`.execute(db);
  await sql`INSERT INTO safety_pins (user_id, safety_hash, duress_hash) SELECT id, ${pins.safety}, ${pins.duress} FROM users`.execute(db);
  await sql`INSERT INTO emergency_contacts (user_id, name, phone_number) SELECT id, 'Contact', '7' || lpad(id::text, 9, '0') FROM users`.execute(db);
  step('users, PINs and contacts', started);

  // The walk of walkOf(i), in SQL: started STARTED_AGO_S + (i % 60) s ago, due 20 to 80 minutes from now.
  started = performance.now();
  await sql`CREATE TEMPORARY TABLE bench_walk AS
    WITH city AS (SELECT array_agg(point(c)) AS c FROM unnest(${cities}::text[]) c)
    SELECT i,
      to_timestamp((${now}::bigint - (${STARTED_AGO_S} + i % 60) * 1000) / 1000.0) AS started_at,
      ((SELECT c FROM city)[1 + i % ${CITIES.length}])[0] + 0.03 * sin(i * 2.399963) AS dest_lat,
      ((SELECT c FROM city)[1 + i % ${CITIES.length}])[1] + 0.03 * cos(i * 2.399963) AS dest_lon,
      sin(i * 0.7548776662) AS dy, cos(i * 0.7548776662) AS dx
    FROM generate_series(1, ${journeys}) i`.execute(db);
  // The newest point each phone sent (the timer's last position), on its 10 s grid, 5 s or more before now.
  await sql`ALTER TABLE bench_walk ADD COLUMN last_at timestamptz`.execute(db);
  await sql`UPDATE bench_walk SET last_at = started_at + floor((extract(epoch FROM to_timestamp(${now} / 1000.0) - started_at) - 5) / ${POINT_EVERY_S}) * ${POINT_EVERY_S} * interval '1 second'`.execute(
    db,
  );
  const position = (at) => sql`
    w.dest_lat - (${START_DISTANCE_M} - ${SPEED_MPS} * extract(epoch FROM ${at} - w.started_at)) * w.dy / ${M_PER_DEG_LAT},
    w.dest_lon - (${START_DISTANCE_M} - ${SPEED_MPS} * extract(epoch FROM ${at} - w.started_at)) * w.dx / (${M_PER_DEG_LAT} * cos(radians(w.dest_lat)))`;
  await sql`INSERT INTO safety_timers (id, user_id, stage, duration_minutes, destination, started_at, due_at, last_lat, last_lon, last_accuracy_m, last_location_at, created_at)
    SELECT w.i, w.i, CASE WHEN w.i % ${lateEvery} = 0 THEN 'reminded' ELSE 'running' END, 90, 'Home', w.started_at,
      to_timestamp(${now} / 1000.0) + interval '20 minutes' + (w.i % 3600) * interval '1 second',
      ${position(sql`w.last_at`)}, 12, w.last_at, w.started_at
    FROM bench_walk w`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('safety_timers', 'id'), ${journeys})`.execute(db);
  // A journey's timer says so, where the schema has the column (it came with the journey's watch).
  const hasKind = await sql`SELECT 1 FROM information_schema.columns WHERE table_name = 'safety_timers' AND column_name = 'kind'`.execute(db);
  if (hasKind.rows.length > 0) await sql`UPDATE safety_timers SET kind = 'journey'`.execute(db);
  await sql`INSERT INTO journeys (timer_id, user_id, destination_name, destination, mode, expected_arrival_at, grace_minutes, created_at)
    SELECT t.id, t.user_id, 'Home', ST_SetSRID(ST_MakePoint(w.dest_lon, w.dest_lat), 4326)::geography, 'walk', t.due_at - interval '10 minutes', 10, t.started_at
    FROM safety_timers t JOIN bench_walk w ON w.i = t.id`.execute(db);
  // What the journey's watch keeps (where the schema has it): the newest point, where the current
  // "stop" began (a walker moves on from it every 8 points: 112 m, beyond the 100 m of a stop),
  // the nearest to the destination so far, and when it looks again (10 minutes after the stop began).
  const hasWatch = await sql`SELECT 1 FROM information_schema.columns WHERE table_name = 'journeys' AND column_name = 'watch_due_at'`.execute(db);
  if (hasWatch.rows.length > 0) {
    const pointsPerStop = Math.floor(100 / (SPEED_MPS * POINT_EVERY_S)) + 1;
    await sql`UPDATE journeys j SET last_point_at = w.last_at, anchor_lat = a.lat, anchor_lon = a.lon, still_since = a.at,
        closest_m = ${START_DISTANCE_M} - ${SPEED_MPS} * extract(epoch FROM w.last_at - w.started_at),
        watch_due_at = a.at + interval '10 minutes'
      FROM bench_walk w
      CROSS JOIN LATERAL (SELECT w.started_at + (k - k % ${pointsPerStop}) * ${POINT_EVERY_S} * interval '1 second' AS at
                          FROM (SELECT floor(extract(epoch FROM w.last_at - w.started_at) / ${POINT_EVERY_S})::int AS k) last) anchor
      CROSS JOIN LATERAL (SELECT ${position(sql`anchor.at`)}, anchor.at) AS a(lat, lon, at)
      WHERE w.i = j.timer_id`.execute(db);
  }
  await sql`INSERT INTO safety_timer_links (timer_id, token_hash, contact_name, contact_phone, expires_at)
    SELECT id, encode(sha256(('bench-share-' || id)::bytea), 'hex'), NULL, NULL, due_at + interval '1 hour' FROM safety_timers`.execute(db);
  // The escalation rows as the app writes them with the timer (escalationMessages): the reminder
  // 2 minutes before the end (sent already for the ones to fall late), "Are you OK?" at the end,
  // the contacts 2 minutes after it and the SOS 5 minutes after that.
  await sql`INSERT INTO outbox (topic, payload, dedupe_key, next_attempt_at, status, delivered_at)
    SELECT 'safety_timer.stage',
      jsonb_build_object('timerId', t.id, 'step', s.step, 'dueAtMs', (extract(epoch FROM t.due_at) * 1000)::bigint),
      'safety_timer:' || t.id || ':' || s.step || ':' || (extract(epoch FROM t.due_at) * 1000)::bigint,
      t.due_at + s.after,
      CASE WHEN s.step = 'reminder' AND t.stage = 'reminded' THEN 'delivered' ELSE 'pending' END,
      CASE WHEN s.step = 'reminder' AND t.stage = 'reminded' THEN now() END
    FROM safety_timers t,
      (VALUES ('reminder', interval '-2 minutes'), ('ask', interval '0'), ('contacts', interval '2 minutes'), ('sos', interval '7 minutes')) AS s(step, after)`.execute(
    db,
  );
  step('journeys, timers, links and escalation rows', started);

  // The track so far: one point every 10 s from the start to the newest.
  started = performance.now();
  const history = await sql`INSERT INTO journey_positions (timer_id, slot, at, location, accuracy_m)
    SELECT w.i, floor(extract(epoch FROM p.at) / ${POINT_EVERY_S})::bigint, p.at,
      ST_SetSRID(ST_MakePoint(pos.lon, pos.lat), 4326)::geography, 8 + (w.i + p.k) % 20
    FROM bench_walk w
    CROSS JOIN LATERAL (SELECT k, w.started_at + k * ${POINT_EVERY_S} * interval '1 second' AS at
                        FROM generate_series(0, floor(extract(epoch FROM w.last_at - w.started_at) / ${POINT_EVERY_S})::int) k) p
    CROSS JOIN LATERAL (SELECT ${position(sql`p.at`)}) AS pos(lat, lon)
    ORDER BY w.i, p.at`.execute(db);
  step(`track so far (${history.numAffectedRows} points)`, started);

  // Day-long sessions, one per person; only their hashes are stored, as the server does.
  started = performance.now();
  const tokens = Array.from({ length: journeys }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
  await sql`INSERT INTO sessions (user_id, token_hash, expires_at)
    SELECT h.n, h.hash, now() + interval '1 day' FROM unnest(${hashes}::text[]) WITH ORDINALITY AS h(hash, n)`.execute(db);
  const walks =
    await sql`SELECT i, (extract(epoch FROM started_at) * 1000)::bigint AS started_ms, (extract(epoch FROM last_at) * 1000)::bigint AS last_ms FROM bench_walk ORDER BY i`.execute(
      db,
    );
  await sql`DROP TABLE bench_walk`.execute(db);
  // What a database that has been running looks like to the planner and to autovacuum.
  await sql`VACUUM ANALYZE`.execute(db);
  // And the seed's writes on disk, so no checkpoint of the seed's making falls in the measured run.
  await sql`CHECKPOINT`.execute(db);
  step('sessions, vacuum, analyze and checkpoint', started);
  return {
    tokens,
    startedAtMs: walks.rows.map((r) => Number(r.started_ms)),
    lastPointAtMs: walks.rows.map((r) => Number(r.last_ms)),
    history: Number(history.numAffectedRows),
  };
}

/**
 * Makes every `lateEvery`-th journey fall late at `dueAt` (one ms apart, all in the same
 * second): its alarm, its expected arrival and its escalation rows move as an extension moves
 * them, with the contacts `contactsAfterS` and the SOS `sosAfterS` after that. Returns their ids.
 */
export async function lateJourneys(db, { lateEvery, dueAt, contactsAfterS, sosAfterS }) {
  const due = dueAt.getTime();
  const ids = (
    await sql`UPDATE safety_timers SET due_at = to_timestamp((${due}::bigint + (id / ${lateEvery} - 1)) / 1000.0)
      WHERE id % ${lateEvery} = 0 RETURNING id`.execute(db)
  ).rows.map((r) => r.id);
  await sql`UPDATE journeys j SET expected_arrival_at = t.due_at - interval '10 minutes' FROM safety_timers t WHERE t.id = j.timer_id AND t.id % ${lateEvery} = 0`.execute(
    db,
  );
  await sql`DELETE FROM outbox WHERE topic = 'safety_timer.stage' AND status = 'pending' AND (payload->>'timerId')::int % ${lateEvery} = 0`.execute(db);
  await sql`INSERT INTO outbox (topic, payload, dedupe_key, next_attempt_at)
    SELECT 'safety_timer.stage',
      jsonb_build_object('timerId', t.id, 'step', s.step, 'dueAtMs', (extract(epoch FROM t.due_at) * 1000)::bigint),
      'safety_timer:' || t.id || ':' || s.step || ':' || (extract(epoch FROM t.due_at) * 1000)::bigint,
      t.due_at + s.after
    FROM safety_timers t,
      (VALUES ('ask', interval '0'), ('contacts', ${`${contactsAfterS} seconds`}::interval), ('sos', ${`${contactsAfterS + sosAfterS} seconds`}::interval)) AS s(step, after)
    WHERE t.id % ${lateEvery} = 0`.execute(db);
  return ids;
}
