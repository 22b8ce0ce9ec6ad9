import type { Kysely } from 'kysely';
import { DEFAULT_SCORE_POINTS } from '../config';
import type { Database } from '../core/db/schema';
import { settleScores, type ScorePoints } from '../domain/scores';
import { DEMO_POSTS } from './data/posts';
import { insertCatalogs, insertOrders, insertPosts } from './insert-community';
import { insertNews, insertPostNotifications, insertReels, insertSosHistory } from './insert-content';
import { idOf, insertUsers } from './insert-users';
import { copySeedMedia } from './media-files';
import { insertMediaObjects } from './media-rows';
import { createRandom } from './random';

/** The app_settings row that says the demo data is in; its presence makes seeding a no-op. */
export const SEED_MARKER_KEY = 'seed.demo';
const SEED_VERSION = 1;
/** Fixed, so every fresh demo database has the same referral ids, likes and activity. */
const RANDOM_SEED = 20_240_602;

export interface SeedOptions {
  /** `<DATA_DIR>/media`; seed files are copied to `<mediaDir>/seed/` and served at `/media/seed/`. */
  mediaDir: string;
  log?: (msg: string) => void;
  /** The leaderboard points the server awards (config SCORE_*). */
  scorePoints?: ScorePoints;
}

/**
 * Fills an empty embedded database with demo users, posts, reels, news and an SOS history.
 * Idempotent: does nothing once the marker row exists. Refuses to run in production, where
 * demo accounts with known phone numbers must never exist.
 */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<{ seeded: boolean }> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('Refusing to seed demo data: NODE_ENV is production.');
  }
  const log = options.log ?? (() => undefined);
  if (await isSeeded(db)) return { seeded: false };

  const started = Date.now();
  const files = await copySeedMedia(options.mediaDir);
  const now = new Date();
  const random = createRandom(RANDOM_SEED);

  const seeded = await db.transaction().execute(async (trx) => {
    // Claimed first: a second process seeding at the same time waits here, then backs off.
    const claimed = await trx
      .insertInto('app_settings')
      .values({
        key: SEED_MARKER_KEY,
        value: JSON.stringify({ version: SEED_VERSION, seededAt: now.toISOString() }),
        description: 'Demo data was seeded (embedded development mode).',
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return false;

    const users = await insertUsers(trx, random, now);
    const media = await insertMediaObjects(trx, files, users.idByPhone.get('9000000001') ?? null, now);
    const catalogItems = await insertCatalogs(trx, users, media);
    const postIds = await insertPosts(trx, users, media, random, now);
    await insertOrders(trx, users, catalogItems, now);
    await insertReels(trx, users, media, random, now);
    await insertNews(trx, users, media, now);
    await insertSosHistory(trx, users, now);
    const ownPost = DEMO_POSTS.findIndex((p) => p.author === '9000000002');
    const ownPostId = postIds[ownPost];
    if (ownPostId !== undefined) {
      await insertPostNotifications(trx, users, { id: ownPostId, userId: idOf(users, '9000000002'), title: DEMO_POSTS[ownPost]?.title ?? '' }, now);
    }
    // The leaderboard's points for the seeded referrals, places and active days, as the app awards them.
    for (const userId of users.idByPhone.values()) await settleScores(trx, userId, options.scorePoints ?? DEFAULT_SCORE_POINTS, now);
    return true;
  });
  if (seeded) log(`demo data seeded in ${Date.now() - started} ms`);
  return { seeded };
}

async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('app_settings').select('key').where('key', '=', SEED_MARKER_KEY).executeTakeFirst();
  return row !== undefined;
}
