// Bulk seed for bench/nearby.mjs: volunteers generated inside the database with
// generate_series (no row travels over the wire). 85 % live around 20 Indian cities in
// proportion to their population (a normal spread, wider for bigger cities), 15 % anywhere
// in India; each has one saved volunteer location, and one in ten also shares a live
// position (half of them fresh, half older than the 15 minutes that count).
import { sql } from 'kysely';
import { placedAroundCities } from './city-spread.mjs';
import { createBenchSession, recordSeed, seedIsCurrent } from './scratch-db.mjs';
import { PROFESSIONS } from '../packages/shared/src/constants.ts';

/** Metro population in millions: the weight of each city. */
export const CITIES = [
  { name: 'Delhi', latitude: 28.6139, longitude: 77.209, population: 30 },
  { name: 'Mumbai', latitude: 19.076, longitude: 72.8777, population: 20 },
  { name: 'Kolkata', latitude: 22.5726, longitude: 88.3639, population: 15 },
  { name: 'Bengaluru', latitude: 12.9716, longitude: 77.5946, population: 13 },
  { name: 'Chennai', latitude: 13.0827, longitude: 80.2707, population: 11 },
  { name: 'Hyderabad', latitude: 17.385, longitude: 78.4867, population: 10 },
  { name: 'Ahmedabad', latitude: 23.0225, longitude: 72.5714, population: 8 },
  { name: 'Surat', latitude: 21.1702, longitude: 72.8311, population: 7 },
  { name: 'Pune', latitude: 18.5204, longitude: 73.8567, population: 7 },
  { name: 'Jaipur', latitude: 26.9124, longitude: 75.7873, population: 4 },
  { name: 'Lucknow', latitude: 26.8467, longitude: 80.9462, population: 4 },
  { name: 'Kanpur', latitude: 26.4499, longitude: 80.3319, population: 3 },
  { name: 'Nagpur', latitude: 21.1458, longitude: 79.0882, population: 3 },
  { name: 'Indore', latitude: 22.7196, longitude: 75.8577, population: 3 },
  { name: 'Patna', latitude: 25.5941, longitude: 85.1376, population: 2.5 },
  { name: 'Bhopal', latitude: 23.2599, longitude: 77.4126, population: 2 },
  { name: 'Vadodara', latitude: 22.3072, longitude: 73.1812, population: 2 },
  { name: 'Rajkot', latitude: 22.3039, longitude: 70.8022, population: 2 },
  { name: 'Kochi', latitude: 9.9312, longitude: 76.2673, population: 2 },
  { name: 'Guwahati', latitude: 26.1445, longitude: 91.7362, population: 1 },
];
/**
 * Standard deviation of the spread around a city of 5 million, in degrees (~6 km, so most of
 * its volunteers live within ~12 km, a metro of about 450 km²); it grows with the square root
 * of the population, e.g. ~15 km for Delhi's 30 million.
 */
const BASE_SIGMA_DEG = 0.055;
const GIST_INDEXES = [
  'saved_locations_location_gix',
  'saved_locations_volunteer_gix',
  'saved_locations_volunteer_cell_gix',
  'users_last_location_gix',
  'users_last_location_cell_gix',
];

/** A city drawn with probability proportional to population, by a cumulative table. */
function cityTable() {
  const total = CITIES.reduce((sum, c) => sum + c.population, 0);
  let acc = 0;
  return CITIES.map((c) => {
    acc += c.population / total;
    return { ...c, upTo: acc, sigma: BASE_SIGMA_DEG * Math.sqrt(c.population / 5) };
  });
}

/** Seeds `count` volunteers unless the database already holds exactly that many; returns a caller session. */
export async function seedNearbyBench(db, count, log) {
  // The layout names what was seeded: a change to the spread reseeds instead of reusing.
  const layout = `cities=${CITIES.length} sigma=${BASE_SIGMA_DEG} rural=0.15 live=0.1`;
  const reused = await seedIsCurrent(db, 'nearby', 'volunteers', count, layout);
  const started = Date.now();
  if (!reused) {
    log(`seeding ${count} volunteers...`);
    await sql`TRUNCATE users, bench_nearby_meta RESTART IDENTITY CASCADE`.execute(db);
    // Building the GiST indexes once after the load is much faster than maintaining them per row.
    const indexes = await sql`SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY(${GIST_INDEXES})`.execute(db);
    for (const index of indexes.rows) await sql.raw(`DROP INDEX ${index.indexname}`).execute(db);
    const table = cityTable();
    const upTo = table.map((c) => c.upTo);
    const lats = table.map((c) => c.latitude);
    const lons = table.map((c) => c.longitude);
    const sigmas = table.map((c) => c.sigma);
    // The caller (user 1) is not a volunteer.
    await sql`INSERT INTO users (phone_number, name, referral_id, is_verified) VALUES ('8999999999', 'Bench Caller', 'BCALLER1', true)`.execute(db);
    const batch = 100_000;
    for (let from = 1; from <= count; from += batch) {
      const to = Math.min(count, from + batch - 1);
      await sql`
        WITH base AS (
          SELECT i, random() AS r_city, random() AS r_rural, random() AS u1, random() AS u2, random() AS r_live, random() AS r_age
          FROM generate_series(${from}::int, ${to}::int) i
        ),
        ${placedAroundCities(upTo)},
        points AS (
          SELECT i, r_live, r_age,
                 CASE WHEN r_rural < 0.15 THEN 8.5 + u1 * 23 ELSE (${lats}::float8[])[idx] + zy * (${sigmas}::float8[])[idx] END AS lat,
                 CASE WHEN r_rural < 0.15 THEN 68.5 + u2 * 20 ELSE (${lons}::float8[])[idx] + zx * (${sigmas}::float8[])[idx] END AS lon
          FROM placed
        ),
        inserted AS (
          INSERT INTO users (phone_number, name, referral_id, is_verified, available_for_community, profession,
                             share_live_location, last_location, last_location_at)
          SELECT '9' || lpad(i::text, 9, '0'), 'Volunteer ' || i, 'V' || lpad(i::text, 7, '0'), true, true,
                 (${PROFESSIONS}::text[])[1 + (i % ${PROFESSIONS.length})],
                 r_live < 0.1,
                 CASE WHEN r_live < 0.1 THEN ST_SetSRID(ST_MakePoint(lon + (r_age - 0.5) * 0.01, lat + (r_live - 0.05) * 0.1), 4326)::geography END,
                 CASE WHEN r_live < 0.1 THEN now() - r_age * interval '30 minutes' END
          FROM points
          RETURNING id, phone_number
        )
        INSERT INTO saved_locations (user_id, name, is_volunteer_location, location, position)
        SELECT ins.id, 'Volunteer place', true, ST_SetSRID(ST_MakePoint(p.lon, p.lat), 4326)::geography, 0
        FROM inserted ins JOIN points p ON '9' || lpad(p.i::text, 9, '0') = ins.phone_number`.execute(db);
      log(`${to} volunteers`);
    }
    for (const index of indexes.rows) await sql.raw(index.indexdef).execute(db);
    await sql`ANALYZE users`.execute(db);
    await sql`ANALYZE saved_locations`.execute(db);
    await recordSeed(db, 'nearby', 'volunteers', count, layout);
  }
  const token = await createBenchSession(db);
  const volunteers = await sql`SELECT count(*)::int AS n FROM saved_locations WHERE is_volunteer_location`.execute(db);
  return { volunteers: volunteers.rows[0].n, reused, seconds: Math.round((Date.now() - started) / 1000), sessionToken: token };
}
