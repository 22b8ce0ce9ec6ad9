// Bulk seed for bench/news.mjs: published articles in English, Hindi and Gujarati, generated
// inside the database with generate_series (no row travels over the wire). One article every
// 5 minutes going back about a year; 50 % are written in all three languages, 20 % in English
// and Hindi, 15 % in Hindi and Gujarati, 15 % in English only (so 85 % have a Hindi version).
// Categories are spread over all ten, 3 % are breaking, 1 in 37 is a draft or unpublished
// (kept out of the readers' lists). Bodies are ~3 KB of Markdown and its HTML, as a real
// article's, which PostgreSQL compresses in place. 1,000 pictures are shared by the articles.
import { sql } from 'kysely';
import { createBenchSession, dropIndexesForBulkLoad, rebuildIndexes, recordSeed, seedIsCurrent } from './scratch-db.mjs';

export const NEWS_CATEGORIES = ['safety', 'local', 'india', 'health', 'weather', 'technology', 'education', 'business', 'sports', 'entertainment'];
/** Article `i` is a draft or taken down when i % 37 = 0; the bench reads only the others. */
export const isListed = (i) => i % 37 !== 0;
export const slugOf = (i) => `bench-article-${i}`;

/** The readers' list indexes, rebuilt once after the load (see migration 0021). */
const BULK_INDEXES = ['news_translations_list_idx', 'news_translations_category_idx', 'news_translations_breaking_idx'];

const PARAGRAPH =
  'Heavy rain is expected across the district over the next two days. Stay away from rivers and drains, keep a torch and a charged phone ready, and follow the advice of the disaster control room. ';

/**
 * Seeds `articles` articles unless the database already holds exactly that; returns a session
 * for the bench's caller and what was seeded.
 */
export async function seedNewsBench(db, articles, log) {
  const layout = `languages=50/20/15/15 breaking=0.03 hidden=1/37 step=5min body=3k images=1000`;
  const reused = await seedIsCurrent(db, 'news', 'articles', articles, layout);
  const started = Date.now();
  if (!reused) {
    log(`seeding ${articles} articles...`);
    await sql`TRUNCATE users, news_articles, news_images, bench_news_meta RESTART IDENTITY CASCADE`.execute(db);
    const dropped = await dropIndexesForBulkLoad(db, 'news', BULK_INDEXES);

    await sql`INSERT INTO users (phone_number, name, referral_id, is_verified, profile_completed, roles)
              VALUES ('8999999998', 'Bench Reader', 'BNEWS001', true, true, '{}')`.execute(db);
    await sql`
      INSERT INTO news_images (image_key, image_url, thumbnail_key, thumbnail_url, width, height)
      SELECT 'news/bench/' || i || '.jpg', '/media/news/bench/' || i || '.jpg', 'news/bench/' || i || '-thumb.jpg',
             '/media/news/bench/' || i || '-thumb.jpg', 1200, 800
      FROM generate_series(1, 1000) i`.execute(db);

    const batch = 20_000;
    for (let from = 1; from <= articles; from += batch) {
      const to = Math.min(articles, from + batch - 1);
      await sql`
        WITH base AS (
          SELECT i, random() AS r_lang, random() AS r_break, 1 + floor(random() * 10)::int AS cat
          FROM generate_series(${from}::int, ${to}::int) i
        )
        INSERT INTO news_articles (id, slug, state, published_at, first_published_at, category, tags, breaking, author, image_id,
                                   languages, version, created_at, updated_at)
        SELECT i, 'bench-article-' || i,
               CASE WHEN i % 37 <> 0 THEN 'published' WHEN i % 2 = 0 THEN 'draft' ELSE 'unpublished' END,
               CASE WHEN i % 37 = 0 AND i % 2 = 0 THEN NULL ELSE date_trunc('milliseconds', now() - i * interval '5 minutes') END,
               CASE WHEN i % 37 = 0 AND i % 2 = 0 THEN NULL ELSE date_trunc('milliseconds', now() - i * interval '5 minutes') END,
               (${NEWS_CATEGORIES}::text[])[cat], ARRAY['bench', 'tag-' || (i % 50)], r_break < 0.03, 'Saathi News Desk',
               1 + i % 1000,
               CASE WHEN r_lang < 0.5 THEN ARRAY['en', 'hi', 'gu'] WHEN r_lang < 0.7 THEN ARRAY['en', 'hi']
                    WHEN r_lang < 0.85 THEN ARRAY['hi', 'gu'] ELSE ARRAY['en'] END,
               1, now() - i * interval '5 minutes', now() - i * interval '5 minutes'
        FROM base`.execute(db);
      await sql`
        INSERT INTO news_translations (article_id, language, title, summary, body, body_html)
        SELECT a.id, l.language,
               CASE l.language WHEN 'hi' THEN 'बेंच लेख ' WHEN 'gu' THEN 'બેન્ચ લેખ ' ELSE 'Bench article ' END || a.id,
               'A short summary of article ' || a.id || ' for the strip and the list, as editors write it.',
               repeat(${PARAGRAPH}, 15),
               '<p>' || repeat(${PARAGRAPH}, 15) || '</p>'
        FROM news_articles a CROSS JOIN LATERAL unnest(a.languages) AS l(language)
        WHERE a.id BETWEEN ${from} AND ${to}`.execute(db);
      await sql`INSERT INTO news_slugs (slug, article_id) SELECT slug, id FROM news_articles WHERE id BETWEEN ${from} AND ${to}`.execute(db);
      log(`${to} articles`);
    }
    await sql`SELECT setval(pg_get_serial_sequence('news_articles', 'id'), ${articles})`.execute(db);
    await rebuildIndexes(db, dropped);
    await sql`ANALYZE news_articles, news_translations, news_images, news_slugs`.execute(db);
    await recordSeed(db, 'news', 'articles', articles, layout);
  }
  const counts = await sql`
    SELECT (SELECT count(*) FROM news_articles)::int AS articles,
           (SELECT count(*) FROM news_translations)::int AS versions,
           (SELECT count(*) FROM news_translations WHERE language = 'hi' AND state IN ('published', 'scheduled'))::int AS hindi,
           (SELECT count(*) FROM news_articles WHERE breaking)::int AS breaking`.execute(db);
  return {
    ...counts.rows[0],
    reused,
    seconds: Math.round((Date.now() - started) / 1000),
    sessionToken: await createBenchSession(db),
  };
}
