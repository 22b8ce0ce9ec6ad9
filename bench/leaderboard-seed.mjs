// Bulk seed for bench/leaderboard.mjs: users, their saved places, the points ledger and the
// running totals, all generated inside the database with generate_series (no row travels over
// the wire). Users live in 500 cities: 50 real ones with their states (weighted by metro
// population) and 450 synthetic towns ("City 51"...) spread over the same 32 states and
// union territories, each town near a real city of its state. Everyone has one saved place
// around their city (a normal spread, wider for bigger cities); dates of birth are mostly
// adults' (5 % are 13 to 17, listed from their 18th birthday) and 3 % switched the
// leaderboard off. Points are skewed as real ones are: most people have a few active days
// (a long tail up to 700), 15 % volunteer at their place, 8 % referred others (a Pareto tail
// up to 200 referrals, each worth a referral, a place and a few of the referral's days), so
// the totals have many ties. user_scores is the ledger's sum, as `scores:rebuild` computes it,
// with the profile copies the app keeps (city_key, state_key, listed_from).
import { sql } from 'kysely';
import { placedAroundCities } from './city-spread.mjs';
import { createBenchSession, dropIndexesForBulkLoad, rebuildIndexes, recordSeed, seedIsCurrent } from './scratch-db.mjs';

/** Real cities: metro population in millions (the weight of each), state as users type it. */
export const CITIES = [
  { name: 'Delhi', state: 'Delhi', latitude: 28.6139, longitude: 77.209, population: 30 },
  { name: 'Mumbai', state: 'Maharashtra', latitude: 19.076, longitude: 72.8777, population: 20 },
  { name: 'Kolkata', state: 'West Bengal', latitude: 22.5726, longitude: 88.3639, population: 15 },
  { name: 'Bengaluru', state: 'Karnataka', latitude: 12.9716, longitude: 77.5946, population: 13 },
  { name: 'Chennai', state: 'Tamil Nadu', latitude: 13.0827, longitude: 80.2707, population: 11 },
  { name: 'Hyderabad', state: 'Telangana', latitude: 17.385, longitude: 78.4867, population: 10 },
  { name: 'Ahmedabad', state: 'Gujarat', latitude: 23.0225, longitude: 72.5714, population: 8 },
  { name: 'Surat', state: 'Gujarat', latitude: 21.1702, longitude: 72.8311, population: 7 },
  { name: 'Pune', state: 'Maharashtra', latitude: 18.5204, longitude: 73.8567, population: 7 },
  { name: 'Jaipur', state: 'Rajasthan', latitude: 26.9124, longitude: 75.7873, population: 4 },
  { name: 'Lucknow', state: 'Uttar Pradesh', latitude: 26.8467, longitude: 80.9462, population: 4 },
  { name: 'Kanpur', state: 'Uttar Pradesh', latitude: 26.4499, longitude: 80.3319, population: 3 },
  { name: 'Nagpur', state: 'Maharashtra', latitude: 21.1458, longitude: 79.0882, population: 3 },
  { name: 'Indore', state: 'Madhya Pradesh', latitude: 22.7196, longitude: 75.8577, population: 3 },
  { name: 'Patna', state: 'Bihar', latitude: 25.5941, longitude: 85.1376, population: 2.5 },
  { name: 'Coimbatore', state: 'Tamil Nadu', latitude: 11.0168, longitude: 76.9558, population: 2.2 },
  { name: 'Bhopal', state: 'Madhya Pradesh', latitude: 23.2599, longitude: 77.4126, population: 2 },
  { name: 'Vadodara', state: 'Gujarat', latitude: 22.3072, longitude: 73.1812, population: 2 },
  { name: 'Rajkot', state: 'Gujarat', latitude: 22.3039, longitude: 70.8022, population: 2 },
  { name: 'Kochi', state: 'Kerala', latitude: 9.9312, longitude: 76.2673, population: 2 },
  { name: 'Visakhapatnam', state: 'Andhra Pradesh', latitude: 17.6868, longitude: 83.2185, population: 2 },
  { name: 'Ludhiana', state: 'Punjab', latitude: 30.901, longitude: 75.8573, population: 1.7 },
  { name: 'Agra', state: 'Uttar Pradesh', latitude: 27.1767, longitude: 78.0081, population: 1.7 },
  { name: 'Nashik', state: 'Maharashtra', latitude: 19.9975, longitude: 73.7898, population: 1.6 },
  { name: 'Madurai', state: 'Tamil Nadu', latitude: 9.9252, longitude: 78.1198, population: 1.5 },
  { name: 'Vijayawada', state: 'Andhra Pradesh', latitude: 16.5062, longitude: 80.648, population: 1.5 },
  { name: 'Gurugram', state: 'Haryana', latitude: 28.4595, longitude: 77.0266, population: 1.5 },
  { name: 'Varanasi', state: 'Uttar Pradesh', latitude: 25.3176, longitude: 82.9739, population: 1.4 },
  { name: 'Srinagar', state: 'Jammu and Kashmir', latitude: 34.0837, longitude: 74.7973, population: 1.3 },
  { name: 'Ranchi', state: 'Jharkhand', latitude: 23.3441, longitude: 85.3096, population: 1.2 },
  { name: 'Amritsar', state: 'Punjab', latitude: 31.634, longitude: 74.8723, population: 1.2 },
  { name: 'Chandigarh', state: 'Chandigarh', latitude: 30.7333, longitude: 76.7794, population: 1.1 },
  { name: 'Raipur', state: 'Chhattisgarh', latitude: 21.2514, longitude: 81.6296, population: 1.1 },
  { name: 'Jodhpur', state: 'Rajasthan', latitude: 26.2389, longitude: 73.0243, population: 1.1 },
  { name: 'Guwahati', state: 'Assam', latitude: 26.1445, longitude: 91.7362, population: 1 },
  { name: 'Bhubaneswar', state: 'Odisha', latitude: 20.2961, longitude: 85.8245, population: 1 },
  { name: 'Thiruvananthapuram', state: 'Kerala', latitude: 8.5241, longitude: 76.9366, population: 1 },
  { name: 'Mysuru', state: 'Karnataka', latitude: 12.2958, longitude: 76.6394, population: 1 },
  { name: 'Dehradun', state: 'Uttarakhand', latitude: 30.3165, longitude: 78.0322, population: 0.8 },
  { name: 'Jammu', state: 'Jammu and Kashmir', latitude: 32.7266, longitude: 74.857, population: 0.6 },
  { name: 'Agartala', state: 'Tripura', latitude: 23.8315, longitude: 91.2868, population: 0.4 },
  { name: 'Shillong', state: 'Meghalaya', latitude: 25.5788, longitude: 91.8933, population: 0.35 },
  { name: 'Imphal', state: 'Manipur', latitude: 24.817, longitude: 93.9368, population: 0.3 },
  { name: 'Aizawl', state: 'Mizoram', latitude: 23.7271, longitude: 92.7176, population: 0.3 },
  { name: 'Puducherry', state: 'Puducherry', latitude: 11.9416, longitude: 79.8083, population: 0.25 },
  { name: 'Shimla', state: 'Himachal Pradesh', latitude: 31.1048, longitude: 77.1734, population: 0.2 },
  { name: 'Panaji', state: 'Goa', latitude: 15.4909, longitude: 73.8278, population: 0.1 },
  { name: 'Kohima', state: 'Nagaland', latitude: 25.6751, longitude: 94.1086, population: 0.1 },
  { name: 'Gangtok', state: 'Sikkim', latitude: 27.3389, longitude: 88.6065, population: 0.1 },
  { name: 'Itanagar', state: 'Arunachal Pradesh', latitude: 27.0844, longitude: 93.6053, population: 0.1 },
];
const CITY_COUNT = 500;
/** Weight of each synthetic town, as a real city of 250,000. */
const TOWN_POPULATION = 0.25;
/** Standard deviation of the spread around a city of 5 million, in degrees, as bench:nearby (~6 km; √population). */
const BASE_SIGMA_DEG = 0.055;
/** The caller (user 1): a Mumbai user with a few active days, about the median total. */
export const CALLER = { city: 'Mumbai', state: 'Maharashtra', latitude: 19.076, longitude: 72.8777, activeDays: 3 };
/** Indexes rebuilt once after the load: much faster than maintaining them per row. */
const BULK_INDEXES = [
  'saved_locations_location_gix',
  'saved_locations_volunteer_gix',
  'saved_locations_volunteer_cell_gix',
  'users_last_location_gix',
  'users_last_location_cell_gix',
  'points_ledger_about_idx',
  'points_ledger_user_idx',
  'user_scores_country_idx',
  'user_scores_state_idx',
  'user_scores_city_idx',
  'leaderboard_places_cell_idx',
  'leaderboard_places_user_idx',
];

/** All 500 cities: the real ones, then towns named "City <n>", each in a state of a real city and within ~2° of it. */
function cityTable() {
  const states = [...new Set(CITIES.map((c) => c.state))];
  const towns = Array.from({ length: CITY_COUNT - CITIES.length }, (_, k) => {
    const state = states[k % states.length];
    const anchor = CITIES.find((c) => c.state === state);
    // Deterministic offsets, so the same layout is seeded every time.
    const angle = k * 2.399963;
    const distance = 0.4 + ((k * 7) % 16) / 10;
    return {
      name: `City ${CITIES.length + k + 1}`,
      state,
      latitude: anchor.latitude + distance * Math.sin(angle),
      longitude: anchor.longitude + distance * Math.cos(angle),
      population: TOWN_POPULATION,
    };
  });
  const all = [...CITIES, ...towns];
  const total = all.reduce((sum, c) => sum + c.population, 0);
  let acc = 0;
  return all.map((c) => {
    acc += c.population / total;
    return { ...c, upTo: acc, sigma: BASE_SIGMA_DEG * Math.sqrt(c.population / 5) };
  });
}

/**
 * Seeds `users` users and `ledgerRows` ledger rows unless the database already holds exactly
 * that; returns a session for the caller and what was seeded.
 */
export async function seedLeaderboardBench(db, users, ledgerRows, log) {
  // The layout names what was seeded: a change to it reseeds instead of reusing.
  const layout = `cities=${CITY_COUNT} sigma=${BASE_SIGMA_DEG} ledger=${ledgerRows} minors=0.05 hidden=0.03 volunteers=0.15 referrers=0.08 caller=${CALLER.city}:${CALLER.activeDays} places=cells`;
  const reused = await seedIsCurrent(db, 'leaderboard', 'users', users, layout);
  const started = Date.now();
  if (!reused) {
    log(`seeding ${users} users and ${ledgerRows} ledger rows...`);
    await sql`TRUNCATE users, leaderboard_tallies, bench_leaderboard_meta RESTART IDENTITY CASCADE`.execute(db);
    const dropped = await dropIndexesForBulkLoad(db, 'leaderboard', BULK_INDEXES);
    const table = cityTable();
    const upTo = table.map((c) => c.upTo);
    const names = table.map((c) => c.name);
    const states = table.map((c) => c.state);
    const lats = table.map((c) => c.latitude);
    const lons = table.map((c) => c.longitude);
    const sigmas = table.map((c) => c.sigma);

    await sql`
      INSERT INTO users (phone_number, name, referral_id, is_verified, profile_completed, city, state, dob, first_dob)
      VALUES ('8999999999', 'Bench Caller', 'BCALLER1', true, true, ${CALLER.city}, ${CALLER.state}, '1990-01-01', '1990-01-01')`.execute(db);
    await sql`
      INSERT INTO saved_locations (user_id, name, location, position)
      VALUES (1, 'Home', ST_SetSRID(ST_MakePoint(${CALLER.longitude}::float8, ${CALLER.latitude}::float8), 4326)::geography, 0)`.execute(db);
    const batch = 100_000;
    for (let from = 2; from <= users; from += batch) {
      const to = Math.min(users, from + batch - 1);
      await sql`
        WITH base AS (
          SELECT i, random() AS r_city, random() AS u1, random() AS u2, random() AS r_age, random() AS r_flags
          FROM generate_series(${from}::int, ${to}::int) i
        ),
        ${placedAroundCities(upTo)},
        people AS (
          SELECT i, r_flags,
                 (${names}::text[])[idx] AS city, (${states}::text[])[idx] AS state,
                 (${lats}::float8[])[idx] + zy * (${sigmas}::float8[])[idx] AS lat,
                 (${lons}::float8[])[idx] + zx * (${sigmas}::float8[])[idx] AS lon,
                 -- 5 % are 13 to 17, the rest 18 to 65.
                 CASE WHEN r_age < 0.05 THEN current_date - (4750 + r_age / 0.05 * 1820)::int
                      ELSE current_date - (6600 + (r_age - 0.05) / 0.95 * 47 * 365)::int END AS dob
          FROM placed
        ),
        inserted AS (
          INSERT INTO users (phone_number, name, referral_id, is_verified, profile_completed, city, state, dob, first_dob, show_on_leaderboard)
          SELECT '9' || lpad(i::text, 9, '0'), 'User ' || i || ' Bench', 'L' || lpad(i::text, 7, '0'), true, true, city, state, dob, dob,
                 r_flags >= 0.03
          FROM people
          RETURNING id, phone_number
        )
        INSERT INTO saved_locations (user_id, name, is_volunteer_location, location, position)
        SELECT ins.id, 'Home', p.r_flags BETWEEN 0.03 AND 0.18, ST_SetSRID(ST_MakePoint(p.lon, p.lat), 4326)::geography, 0
        FROM inserted ins JOIN people p ON '9' || lpad(p.i::text, 9, '0') = ins.phone_number`.execute(db);
      log(`${to} users`);
    }

    // What each user earned: active days (log-normal, median 2, up to 700), a volunteer place
    // (the saved place's flag) and referrals (8 %, a Pareto tail up to 200), each referral
    // with 2 to 5 of its own days.
    await sql`DROP TABLE IF EXISTS bench_leaderboard_plan`.execute(db);
    await sql`
      CREATE UNLOGGED TABLE bench_leaderboard_plan AS
      SELECT u.id AS user_id,
             CASE WHEN u.id = 1 THEN ${CALLER.activeDays}::int
                  ELSE least(700, greatest(1, floor(exp(0.8 + 1.1 * sqrt(-2 * ln(greatest(random(), 1e-12))) * cos(2 * pi() * random())))))::int END AS days,
             (1 + floor(random() * 45))::int AS last_day_ago,
             coalesce(bool_or(sl.is_volunteer_location), false) AS volunteer,
             CASE WHEN u.id > 1 AND random() < 0.08 THEN least(200, floor(1 / power(greatest(random(), 1e-9), 1 / 1.3)))::int ELSE 0 END AS referrals
      FROM users u LEFT JOIN saved_locations sl ON sl.user_id = u.id
      GROUP BY u.id`.execute(db);
    // Referral k of user i is about user 2 + (i·7919 + k·104729) mod (n - 1): never the caller,
    // whose own awards the server settles on its first request.
    const refRows = sql`(2 + (r.user_id::bigint * 7919 + k * 104729) % (${users}::bigint - 1))`;
    // Active days absorb the difference to exactly `ledgerRows`: one more or one fewer for as many users.
    const counted = await sql`
      SELECT coalesce(sum(days + volunteer::int), 0)::bigint AS own,
             (SELECT coalesce(sum(2 + 2 + ${refRows} % 4), 0)::bigint FROM bench_leaderboard_plan r, generate_series(1, r.referrals) k) AS referral
      FROM bench_leaderboard_plan`.execute(db);
    const gap = ledgerRows - Number(counted.rows[0].own) - Number(counted.rows[0].referral);
    if (gap !== 0) {
      const updated = await sql`
        WITH moved AS (
          UPDATE bench_leaderboard_plan p SET days = p.days + ${Math.sign(gap)}::int
          FROM (SELECT user_id FROM bench_leaderboard_plan
                WHERE user_id > 1 AND ${gap > 0 ? sql`days < 700` : sql`days > 1`}
                ORDER BY random() LIMIT ${Math.abs(gap)}) pick
          WHERE p.user_id = pick.user_id
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM moved`.execute(db);
      if (updated.rows[0].n !== Math.abs(gap)) throw new Error(`cannot place ${gap} more active days`);
    }

    // India time of day on each day: created_at within the day, so reached_at varies within ties.
    const dayAt = (day) => sql`((${day})::timestamp + interval '7 hours' + random() * interval '15 hours') AT TIME ZONE 'Asia/Kolkata'`;
    for (let from = 1; from <= users; from += batch) {
      const to = Math.min(users, from + batch - 1);
      await sql`
        INSERT INTO points_ledger (user_id, reason, source_id, about_user_id, units, points, created_at)
        SELECT p.user_id, 'active_day', to_char(d.day, 'YYYY-MM-DD'), p.user_id, 1, 1, ${dayAt(sql`d.day`)}
        FROM bench_leaderboard_plan p
        CROSS JOIN LATERAL (SELECT current_date - p.last_day_ago - (k - 1) AS day FROM generate_series(1, p.days) k) d
        WHERE p.user_id BETWEEN ${from} AND ${to}
        UNION ALL
        SELECT p.user_id, 'volunteer_location', 'location:1', p.user_id, 1, 5, ${dayAt(sql`current_date - p.last_day_ago - floor(random() * p.days)::int`)}
        FROM bench_leaderboard_plan p
        WHERE p.volunteer AND p.user_id BETWEEN ${from} AND ${to}
        UNION ALL
        SELECT r.user_id, x.reason, x.source_id, f.about, 1, x.points, ${dayAt(sql`current_date - 1 - f.ago - x.n`)}
        FROM bench_leaderboard_plan r
        CROSS JOIN generate_series(1, r.referrals) k
        CROSS JOIN LATERAL (SELECT ${refRows} AS about, (k * 37 + r.user_id) % 300 AS ago) f
        CROSS JOIN LATERAL (
          SELECT 'referral' AS reason, 'user:' || f.about AS source_id, 10 AS points, 0 AS n
          UNION ALL SELECT 'referral_location', 'user:' || f.about || ':location:1', 3, 0
          UNION ALL SELECT 'referral_active_day', 'user:' || f.about || ':' || to_char(current_date - 1 - f.ago - j, 'YYYY-MM-DD'), 1, j
          FROM generate_series(0, (1 + f.about % 4)::int) j
        ) x
        WHERE r.referrals > 0 AND r.user_id BETWEEN ${from} AND ${to}`.execute(db);
      log(`ledger of ${to} users`);
    }
    // The caller's days are in user_activity_days too, so the server's settling on its first
    // request finds the ledger as it should be and only adds today.
    await sql`
      INSERT INTO user_activity_days (user_id, activity_date)
      SELECT 1, source_id::date FROM points_ledger WHERE user_id = 1 AND reason = 'active_day'`.execute(db);

    // The running totals: the ledger's sums (as rebuildTotals), reached when the last row was
    // written, and the profile copies syncProfile makes. The rank tallies and the circles' places
    // are written once after the load instead of row by row by their triggers (as for the indexes).
    await sql`ALTER TABLE user_scores DISABLE TRIGGER leaderboard_tally_insert_delete`.execute(db);
    await sql`ALTER TABLE user_scores DISABLE TRIGGER leaderboard_places_score_insert`.execute(db);
    await sql`
      INSERT INTO user_scores (user_id, total, referrals, referral_points, referral_locations, referral_location_points,
                               volunteer_locations, volunteer_location_points, active_days, active_day_points,
                               referral_active_days, referral_active_day_points, reached_at, city_key, state_key, listed_from)
      SELECT l.user_id, sum(l.points)::int,
             count(*) FILTER (WHERE l.reason = 'referral')::int, coalesce(sum(l.points) FILTER (WHERE l.reason = 'referral'), 0)::int,
             count(*) FILTER (WHERE l.reason = 'referral_location')::int, coalesce(sum(l.points) FILTER (WHERE l.reason = 'referral_location'), 0)::int,
             count(*) FILTER (WHERE l.reason = 'volunteer_location')::int, coalesce(sum(l.points) FILTER (WHERE l.reason = 'volunteer_location'), 0)::int,
             count(*) FILTER (WHERE l.reason = 'active_day')::int, coalesce(sum(l.points) FILTER (WHERE l.reason = 'active_day'), 0)::int,
             count(*) FILTER (WHERE l.reason = 'referral_active_day')::int, coalesce(sum(l.points) FILTER (WHERE l.reason = 'referral_active_day'), 0)::int,
             max(l.created_at),
             nullif(lower(btrim(u.city)), ''), nullif(lower(btrim(u.state)), ''),
             CASE WHEN u.show_on_leaderboard AND u.dob IS NOT NULL AND btrim(coalesce(u.name, '')) <> '' THEN (u.dob + interval '18 years')::date END
      FROM points_ledger l JOIN users u ON u.id = l.user_id
      GROUP BY l.user_id, u.city, u.state, u.show_on_leaderboard, u.dob, u.name`.execute(db);
    await sql`ALTER TABLE user_scores ENABLE TRIGGER leaderboard_tally_insert_delete`.execute(db);
    await sql`ALTER TABLE user_scores ENABLE TRIGGER leaderboard_places_score_insert`.execute(db);
    await sql`
      INSERT INTO leaderboard_places (place_id, user_id, cell, location, total, reached_at, listed_from)
      SELECT sl.id, s.user_id, leaderboard_cell(sl.location), sl.location, s.total, s.reached_at, s.listed_from
      FROM saved_locations sl JOIN user_scores s ON s.user_id = sl.user_id
      WHERE NOT sl.is_business_location`.execute(db);
    await sql`
      INSERT INTO leaderboard_tallies (scope, total, shard, users)
      SELECT scope, s.total, s.user_id % 8, count(*)::int
      FROM user_scores s,
        unnest(ARRAY['country', 'state:' || s.state_key, 'city:' || coalesce(s.state_key, '') || '|' || s.city_key]) AS scope
      WHERE s.listed_from IS NOT NULL AND scope IS NOT NULL
      GROUP BY scope, s.total, s.user_id % 8`.execute(db);
    await sql`DROP TABLE bench_leaderboard_plan`.execute(db);
    log('ledger and totals written; building indexes...');
    await rebuildIndexes(db, dropped);
    // As autovacuum leaves a settled table: statistics, and the visibility map that lets the
    // ranking's indexes answer without reading the table.
    for (const name of ['users', 'saved_locations', 'points_ledger', 'user_scores', 'leaderboard_tallies', 'leaderboard_places'])
      await sql.raw(`VACUUM ANALYZE ${name}`).execute(db);
    await recordSeed(db, 'leaderboard', 'users', users, layout);
  }
  const token = await createBenchSession(db);
  const counts = await sql`
    SELECT (SELECT count(*)::int FROM users) AS users,
           (SELECT count(*)::int FROM points_ledger) AS ledger,
           (SELECT count(DISTINCT city_key)::int FROM user_scores) AS cities,
           (SELECT count(DISTINCT total)::int FROM user_scores) AS totals`.execute(db);
  return { ...counts.rows[0], reused, seconds: Math.round((Date.now() - started) / 1000), sessionToken: token };
}
