import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFESSIONS, User } from '@saathi/shared';
import { bearer, build } from '../../test/build';
import { seedDemoData, SEED_MARKER_KEY } from './index';

const t = build();
const mediaDir = () => path.join(t.dataDir, 'media');

/** Sequential on purpose: one pooled connection, so closing the pool never races a live one. */
async function countAll(tables: string[]): Promise<number[]> {
  const counts: number[] = [];
  for (const table of tables) counts.push(await count(table));
  return counts;
}

async function count(table: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db);
  return result.rows[0]?.n ?? 0;
}

/** The tables the seed fills, and its marker's. */
const SEEDED_TABLES = ['users', 'posts', 'post_likes', 'incidents', 'news_articles', 'catalog_items', 'user_activity_days', 'app_settings'];

/** What src/seed/README.md says the demo data holds: "5 incident reels, the 10 news articles". */
const SEEDED_REELS = 5;
const SEEDED_NEWS_ARTICLES = 10;

describe('the demo seed in production', () => {
  it('refuses to run and writes nothing', async () => {
    const before = await countAll(SEEDED_TABLES);
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(seedDemoData(t.db, { mediaDir: mediaDir() })).rejects.toThrow(/production/);
    } finally {
      process.env.NODE_ENV = previous;
    }
    expect(await countAll(SEEDED_TABLES)).toEqual(before);
  });
});

describe('demo seed', () => {
  // Every test here reads the seeded database, so each can run alone.
  let firstRun: Awaited<ReturnType<typeof seedDemoData>>;
  beforeAll(async () => {
    firstRun = await seedDemoData(t.db, { mediaDir: mediaDir() });
  });

  it('seeds once, and a second run is a no-op', async () => {
    expect(firstRun).toEqual({ seeded: true });
    const before = await countAll(SEEDED_TABLES);
    expect(await seedDemoData(t.db, { mediaDir: mediaDir() })).toEqual({ seeded: false });
    expect(await countAll(SEEDED_TABLES)).toEqual(before);
    const marker = await t.db.selectFrom('app_settings').select('value').where('key', '=', SEED_MARKER_KEY).executeTakeFirst();
    expect(marker?.value).toMatchObject({ version: 1 });
  });

  it('scores the demo accounts as the app would: Priya has counted referrals, and every total matches its ledger', async () => {
    const users = await t.db.selectFrom('users').select(['id', 'phone_number']).execute();
    const scores = await t.db.selectFrom('user_scores').selectAll().execute();
    expect(scores).toHaveLength(users.length);
    const priya = scores.find((score) => score.user_id === users.find((u) => u.phone_number === '9000000002')?.id);
    expect(priya?.referrals).toBeGreaterThanOrEqual(3);
    expect(priya?.total).toBe(
      priya!.referral_points +
        priya!.referral_location_points +
        priya!.volunteer_location_points +
        priya!.active_day_points +
        priya!.referral_active_day_points,
    );
    const ledger = await t.db
      .selectFrom('points_ledger')
      .select(['user_id', (eb) => eb.fn.sum<string>('points').as('points')])
      .groupBy('user_id')
      .execute();
    for (const row of ledger) expect(scores.find((score) => score.user_id === row.user_id)?.total).toBe(Number(row.points));
  });

  it('creates the demo accounts with completed profiles and SPEC.md privileged ids', async () => {
    const users = await t.db.selectFrom('users').select(['id', 'phone_number', 'roles', 'profile_completed', 'dob']).orderBy('id').execute();
    expect(users.length).toBeGreaterThanOrEqual(31);
    expect(users.every((u) => u.profile_completed)).toBe(true);
    expect(users.find((u) => u.phone_number === '9000000001')).toMatchObject({ id: 1, roles: ['admin'] });
    expect(users.find((u) => u.phone_number === '9000000002')).toMatchObject({ id: 2, roles: [] });
    // One editor and one moderator besides the admin (README.md's demo table).
    expect(users.filter((u) => u.roles.length > 0).map((u) => [u.phone_number, u.roles])).toEqual([
      ['9000000001', ['admin']],
      ['9000000037', ['editor']],
      ['9000000038', ['moderator']],
    ]);
    // At least one user under 13, to exercise the community age gate.
    expect(users.some((u) => u.dob !== null && u.dob > '2013-06-01')).toBe(true);

    const grants = await t.db.selectFrom('user_permissions').selectAll().execute();
    // SPEC.md: "Share button on posts visible only to user ids 2, 24, 25, 30, 31", "The user with
    // id 1 gets the product logo as avatar", and a location-prompt helper for five hard-coded ids
    // (3 to 7, the "location helper" rows of src/seed/README.md).
    const stated = { share_posts: [2, 24, 25, 30, 31], brand_avatar: [1], location_prompt_helper: [3, 4, 5, 6, 7] };
    expect(new Set(grants.map((g) => g.permission))).toEqual(new Set(Object.keys(stated)));
    for (const [permission, ids] of Object.entries(stated)) {
      const granted = grants
        .filter((g) => g.permission === permission)
        .map((g) => g.user_id)
        .sort((a, b) => a - b);
      expect(granted).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('has an available volunteer with a volunteer location for every profession', async () => {
    const rows = await t.db
      .selectFrom('users')
      .innerJoin('saved_locations', 'saved_locations.user_id', 'users.id')
      .select('users.profession')
      .where('users.available_for_community', '=', true)
      .where('saved_locations.is_volunteer_location', '=', true)
      .execute();
    expect(new Set(rows.map((r) => r.profession))).toEqual(new Set(PROFESSIONS));
  });

  it('gives businesses a location, a WhatsApp number and a catalog of 3 to 5 items', async () => {
    const catalogs = await t.db
      .selectFrom('business_catalogs')
      .innerJoin('users', 'users.id', 'business_catalogs.user_id')
      .select((eb) => [
        'users.whatsapp_number',
        'users.business_category',
        eb.selectFrom('catalog_items').whereRef('catalog_items.catalog_user_id', '=', 'users.id').select(eb.fn.countAll<number>().as('n')).as('items'),
        eb
          .selectFrom('saved_locations')
          .whereRef('saved_locations.user_id', '=', 'users.id')
          .where('saved_locations.is_business_location', '=', true)
          .select(eb.fn.countAll<number>().as('n'))
          .as('places'),
      ])
      .execute();
    expect(catalogs.length).toBeGreaterThanOrEqual(3);
    for (const c of catalogs) {
      expect(c.whatsapp_number).toMatch(/^[6-9]\d{9}$/);
      expect(c.business_category).not.toBeNull();
      expect(Number(c.items)).toBeGreaterThanOrEqual(3);
      expect(Number(c.items)).toBeLessThanOrEqual(5);
      expect(Number(c.places)).toBe(1);
    }
  });

  it('stores posts in English, Hindi and Gujarati, found by full-text search, with exact counts', async () => {
    const posts = await t.db.selectFrom('posts').select(['id', 'description', 'is_business_post', 'likes_count', 'comments_count']).execute();
    expect(posts.some((p) => /[\u0900-\u097f]/.test(p.description))).toBe(true);
    expect(posts.some((p) => /[\u0a80-\u0aff]/.test(p.description))).toBe(true);
    expect(posts.some((p) => p.is_business_post)).toBe(true);

    const found = await sql<{ id: number }>`SELECT id FROM posts WHERE search_vector @@ plainto_tsquery('simple', 'ગરબા')`.execute(t.db);
    expect(found.rows.length).toBeGreaterThan(0);

    const drift = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM posts p
      WHERE p.likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
         OR p.comments_count <> (SELECT count(*) FROM post_comments c WHERE c.post_id = p.id)`.execute(t.db);
    expect(drift.rows[0]?.n).toBe(0);
  });

  it('publishes the 10 news articles in English, Hindi and Gujarati, each with a first version', async () => {
    for (const language of ['en', 'hi', 'gu'] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/news?language=${language}&limit=50` });
      expect(res.statusCode, res.body).toBe(200);
      const { items } = res.json<{ items: Array<{ title: string; language: string; languages: string[]; thumbnailUrl: string | null }> }>();
      expect(items).toHaveLength(SEEDED_NEWS_ARTICLES);
      for (const item of items) {
        expect(item).toMatchObject({ language, languages: ['en', 'hi', 'gu'] });
        expect(item.thumbnailUrl).toMatch(/^\/media\/seed\/news\//);
      }
      const script = { en: /^[\x20-\x7e]+$/, hi: /[\u0900-\u097f]/, gu: /[\u0a80-\u0aff]/ }[language];
      for (const item of items) expect(item.title).toMatch(script);
    }
    const versions = await t.db.selectFrom('news_article_versions').select(['version', 'state']).execute();
    expect(versions).toHaveLength(SEEDED_NEWS_ARTICLES);
    expect(new Set(versions.map((v) => `${v.version}:${v.state}`))).toEqual(new Set(['1:published']));
  });

  it('copies every referenced media file into the media directory', async () => {
    const reels = await t.db.selectFrom('incidents').select('video_url').execute();
    expect(reels).toHaveLength(SEEDED_REELS);
    const news = await t.db
      .selectFrom('news_articles as a')
      .innerJoin('news_images as i', 'i.id', 'a.image_id')
      .select(['i.thumbnail_url', 'i.image_url'])
      .execute();
    expect(news).toHaveLength(SEEDED_NEWS_ARTICLES);
    const photos = await t.db.selectFrom('post_media').select('url').execute();
    const items = await t.db.selectFrom('catalog_items').select('image_url').execute();
    const urls = [
      ...reels.map((r) => r.video_url),
      ...news.flatMap((n) => [n.thumbnail_url, n.image_url]),
      ...photos.map((p) => p.url),
      ...items.map((i) => i.image_url),
    ];
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/seed\//);
      const file = path.join(mediaDir(), (url ?? '').replace(/^\/media\//, ''));
      expect(fs.statSync(file).size, url ?? '').toBeGreaterThan(0);
    }
    const webm = fs.readFileSync(path.join(mediaDir(), reels[0]?.video_url.replace(/^\/media\//, '') ?? ''));
    // EBML magic number: a real WebM container, not a placeholder.
    expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  });

  it("records each seeded reel's length as read from its file (the demo clips play 3.5 s)", async () => {
    const reels = await t.db.selectFrom('incidents').select('duration_ms').execute();
    // The loop below would pass over no reels at all: the seeded ones must be there.
    expect(reels).toHaveLength(SEEDED_REELS);
    for (const { duration_ms } of reels) {
      expect(duration_ms).toBeGreaterThan(3000);
      expect(duration_ms).toBeLessThan(4000);
    }
  });

  it('serves a seeded user through the API in the shared User shape', async () => {
    const token = await t.loginAs({ id: 2 });
    const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const user = User.parse(response.json());
    expect(user.phoneNumber).toBe('9000000002');
    expect(user.profileCompleted).toBe(true);
    expect(user.emergencyContacts.length).toBeGreaterThan(0);
    expect(user.locations.length).toBeGreaterThan(0);
  });
});
