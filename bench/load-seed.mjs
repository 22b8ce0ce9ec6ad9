// Seed for bench/load.mjs: one database with what the mixed load reads. News articles (the news
// bench's own seed), then readers with sessions, people who raise an SOS, volunteers around the
// cities and community posts, all made inside the database with generate_series.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CITIES } from './feed-seed.mjs';
import { seedNewsBench } from './news-seed.mjs';
import { recordSeed, seedIsCurrent } from './scratch-db.mjs';

export { CITIES };
export const ARTICLES = 1000;
const POSTS = 50_000;
const VOLUNTEERS = 5000;
/** Phone-number prefixes keep the groups apart from each other and from the news seed's reader. */
const READER_PREFIX = '7';
const VICTIM_PREFIX = '6';

/**
 * Seeds once (kept while the layout is the same); each run gets fresh sessions: `readers` for
 * the load and the live streams, `victims` for one SOS each. Returns their tokens.
 */
export async function seedLoadBench(db, { readers, victims }, log) {
  const layout = `readers=${readers} victims=${victims} posts=${POSTS} volunteers=${VOLUNTEERS} articles=${ARTICLES}`;
  const reused = await seedIsCurrent(db, 'load', 'readers', readers, layout);
  const started = Date.now();
  if (!reused) {
    log('seeding...');
    // The outbox too: SOS ids start again at 1, and a job left from before would hold the dedupe key of a new SOS's fan-out.
    await sql`TRUNCATE users, news_articles, news_images, bench_load_meta, outbox RESTART IDENTITY CASCADE`.execute(db);
    await sql`DROP TABLE IF EXISTS bench_news_meta`.execute(db);
    await seedNewsBench(db, ARTICLES, log);
    const cities = CITIES.map((c) => `(${c.latitude},${c.longitude})`);
    await sql`
      INSERT INTO users (phone_number, name, dob, referral_id, is_verified, profile_completed)
      SELECT ${READER_PREFIX} || lpad(i::text, 9, '0'), 'Reader ' || i, DATE '1995-01-01', 'R' || lpad(i::text, 7, '0'), true, true
      FROM generate_series(1, ${readers}) i`.execute(db);
    await sql`
      INSERT INTO users (phone_number, name, dob, referral_id, is_verified, profile_completed)
      SELECT ${VICTIM_PREFIX} || lpad(i::text, 9, '0'), 'Caller ' || i, DATE '1998-01-01', 'C' || lpad(i::text, 7, '0'), true, true
      FROM generate_series(1, ${victims}) i`.execute(db);
    // Volunteers within ~3 km of the city centres, where the SOS callers and the searches are.
    await sql`
      WITH city AS (SELECT array_agg(point(c)) AS c FROM unnest(${cities}::text[]) c),
           base AS (SELECT i, random() AS r_lat, random() AS r_lon, (SELECT c FROM city) AS cities FROM generate_series(1, ${VOLUNTEERS}) i),
           inserted AS (
             INSERT INTO users (phone_number, name, referral_id, is_verified, available_for_community)
             SELECT '9' || lpad(i::text, 9, '0'), 'Volunteer ' || i, 'V' || lpad(i::text, 7, '0'), true, true FROM base
             RETURNING id, phone_number)
      INSERT INTO saved_locations (user_id, name, is_volunteer_location, location, position)
      SELECT ins.id, 'Volunteer place', true,
             ST_SetSRID(ST_MakePoint((b.cities[1 + b.i % 20])[1] + (b.r_lon - 0.5) * 0.06, (b.cities[1 + b.i % 20])[0] + (b.r_lat - 0.5) * 0.054), 4326)::geography, 0
      FROM inserted ins JOIN base b ON '9' || lpad(b.i::text, 9, '0') = ins.phone_number`.execute(db);
    await sql`
      WITH city AS (SELECT array_agg(point(c)) AS c FROM unnest(${cities}::text[]) c),
           base AS (SELECT i, random() AS r_lat, random() AS r_lon, random() AS r_age, (SELECT c FROM city) AS cities FROM generate_series(1, ${POSTS}) i),
           authors AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE phone_number LIKE ${`${READER_PREFIX}%`})
      INSERT INTO posts (user_id, user_name, title, description, location, show_location, tags, created_at, updated_at)
      SELECT a.ids[1 + i % array_length(a.ids, 1)], 'Reader', 'Neighbourhood note ' || i,
             'Water supply timings, a lost dog found near the temple, a tiffin service starting on Monday: post ' || i,
             ST_SetSRID(ST_MakePoint((cities[1 + i % 20])[1] + (r_lon - 0.5) * 0.3, (cities[1 + i % 20])[0] + (r_lat - 0.5) * 0.27), 4326)::geography,
             true, '{}', now() - r_age * interval '365 days', now() - r_age * interval '365 days'
      FROM base, authors a`.execute(db);
    await sql`ANALYZE users, saved_locations, posts`.execute(db);
    await recordSeed(db, 'load', 'readers', readers, layout);
  }
  // Fresh day-long sessions for this run; only their hashes are stored, as the server does.
  await sql`DELETE FROM sessions`.execute(db);
  const sessionsOf = async (prefix, count) => {
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
    await sql`
      INSERT INTO sessions (user_id, token_hash, expires_at)
      SELECT u.id, h.hash, now() + interval '1 day'
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE phone_number LIKE ${`${prefix}%`}) u
      JOIN unnest(${hashes}::text[]) WITH ORDINALITY AS h(hash, n) ON h.n = u.n`.execute(db);
    return tokens;
  };
  // No SOS left from a previous run: each caller may raise one at a time, and only a few an hour.
  await sql`DELETE FROM sos_events`.execute(db);
  return {
    reused,
    seconds: Math.round((Date.now() - started) / 1000),
    readerTokens: await sessionsOf(READER_PREFIX, readers),
    victimTokens: await sessionsOf(VICTIM_PREFIX, victims),
  };
}
