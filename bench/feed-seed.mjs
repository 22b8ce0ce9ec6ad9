// Bulk seed for bench/feed.mjs: users and posts generated inside the database with
// generate_series (no row travels over the wire). Posts: 70 % around 20 Indian cities
// (within ~25 km), 30 % anywhere in India, over two years; 10 % are business posts.
import { sql } from 'kysely';
import { createBenchSession } from './scratch-db.mjs';

export const CITIES = [
  { name: 'Mumbai', latitude: 19.076, longitude: 72.8777 },
  { name: 'Delhi', latitude: 28.6139, longitude: 77.209 },
  { name: 'Bengaluru', latitude: 12.9716, longitude: 77.5946 },
  { name: 'Hyderabad', latitude: 17.385, longitude: 78.4867 },
  { name: 'Ahmedabad', latitude: 23.0225, longitude: 72.5714 },
  { name: 'Chennai', latitude: 13.0827, longitude: 80.2707 },
  { name: 'Kolkata', latitude: 22.5726, longitude: 88.3639 },
  { name: 'Surat', latitude: 21.1702, longitude: 72.8311 },
  { name: 'Pune', latitude: 18.5204, longitude: 73.8567 },
  { name: 'Jaipur', latitude: 26.9124, longitude: 75.7873 },
  { name: 'Lucknow', latitude: 26.8467, longitude: 80.9462 },
  { name: 'Kanpur', latitude: 26.4499, longitude: 80.3319 },
  { name: 'Nagpur', latitude: 21.1458, longitude: 79.0882 },
  { name: 'Indore', latitude: 22.7196, longitude: 75.8577 },
  { name: 'Bhopal', latitude: 23.2599, longitude: 77.4126 },
  { name: 'Patna', latitude: 25.5941, longitude: 85.1376 },
  { name: 'Vadodara', latitude: 22.3072, longitude: 73.1812 },
  { name: 'Rajkot', latitude: 22.3039, longitude: 70.8022 },
  { name: 'Kochi', latitude: 9.9312, longitude: 76.2673 },
  { name: 'Guwahati', latitude: 26.1445, longitude: 91.7362 },
];

/** Real words (English, Hindi, Gujarati) searched by the bench; the rest of the vocabulary is filler. */
export const SEARCH_WORDS = [
  'bakery',
  'garba',
  'lost',
  'dog',
  'puja',
  'sale',
  'rental',
  'tuition',
  'blood',
  'donation',
  'मंदिर',
  'भंडारा',
  'मेला',
  'दुकान',
  'नौकरी',
  'ગરબા',
  'નવરાત્રી',
  'દુકાન',
  'મેળો',
  'ભાડે',
];
const FILLER_WORDS = 3000;
const USERS = 5000;
const CATEGORIES = ['bakery', 'restaurant', 'grocery', 'rental', 'tutoring', 'electronics', 'fashion', 'home_food'].filter((c) => c !== 'tutoring');

/** Seeds `count` posts unless the database already holds exactly that many; returns a fresh reader session. */
export async function seedFeedBench(db, count, log) {
  await sql`CREATE TABLE IF NOT EXISTS bench_feed_meta (posts integer NOT NULL)`.execute(db);
  const meta = await sql`SELECT posts FROM bench_feed_meta`.execute(db);
  const reused = meta.rows[0]?.posts === count;
  const started = Date.now();
  if (!reused) {
    log(`seeding ${count} posts...`);
    await sql`TRUNCATE users, bench_feed_meta RESTART IDENTITY CASCADE`.execute(db);
    await sql`
      INSERT INTO users (phone_number, name, dob, referral_id, is_verified)
      SELECT '9' || lpad(i::text, 9, '0'), 'Bench User ' || i, DATE '1990-01-01', 'BENCH' || lpad(i::text, 6, '0'), true
      FROM generate_series(1, ${USERS}) i`.execute(db);
    // Building the indexes once after the load is much faster than maintaining them per row.
    const indexes = await sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'posts' AND indexname <> 'posts_pkey'`.execute(db);
    for (const index of indexes.rows) await sql.raw(`DROP INDEX ${index.indexname}`).execute(db);
    const vocabulary = [...SEARCH_WORDS, ...Array.from({ length: FILLER_WORDS }, (_, i) => `w${i.toString(36)}`)];
    const cities = CITIES.map((c) => `(${c.latitude},${c.longitude})`);
    const batch = 100_000;
    for (let from = 1; from <= count; from += batch) {
      const to = Math.min(count, from + batch - 1);
      await sql`
        WITH vocab AS (SELECT ${vocabulary}::text[] AS w),
             city AS (SELECT array_agg(point(c)) AS c FROM unnest(${cities}::text[]) c),
             base AS (
               SELECT i, random() AS r_place, random() AS r_lat, random() AS r_lon, random() AS r_age, random() AS r_biz,
                      (SELECT c FROM city) AS cities
               FROM generate_series(${from}::int, ${to}::int) i)
        INSERT INTO posts (user_id, user_name, title, description, location, show_location, tags,
                           is_business_post, business_category, whatsapp_number, created_at, updated_at)
        SELECT 1 + (i % ${USERS}), 'Bench User ' || (1 + (i % ${USERS})),
               (SELECT w[1 + floor(random() * array_length(w, 1))::int] || ' ' || w[1 + floor(random() * array_length(w, 1))::int] FROM vocab WHERE i > 0),
               (SELECT string_agg(w[1 + floor(random() * array_length(w, 1))::int], ' ') FROM vocab, generate_series(1, 12) g WHERE i > 0),
               CASE WHEN r_place < 0.7 THEN
                 ST_SetSRID(ST_MakePoint((cities[1 + i % 20])[1] + (r_lon - 0.5) * 0.5, (cities[1 + i % 20])[0] + (r_lat - 0.5) * 0.45), 4326)::geography
               ELSE
                 ST_SetSRID(ST_MakePoint(68.5 + r_lon * 20, 8.5 + r_lat * 23), 4326)::geography
               END,
               true, '{}',
               r_biz < 0.1, CASE WHEN r_biz < 0.1 THEN (${CATEGORIES}::text[])[1 + (i % ${CATEGORIES.length})] END,
               CASE WHEN r_biz < 0.1 THEN '98' || lpad((i % 100000000)::text, 8, '0') END,
               now() - r_age * interval '730 days', now() - r_age * interval '730 days'
        FROM base`.execute(db);
      log(`${to} posts`);
    }
    for (const index of indexes.rows) await sql.raw(index.indexdef).execute(db);
    await sql`ANALYZE posts`.execute(db);
    await sql`ANALYZE users`.execute(db);
    await sql`INSERT INTO bench_feed_meta (posts) VALUES (${count})`.execute(db);
  }
  const token = await createBenchSession(db);
  const posts = await sql`SELECT count(*)::int AS n FROM posts`.execute(db);
  return { posts: posts.rows[0].n, reused, seconds: Math.round((Date.now() - started) / 1000), sessionToken: token };
}
