import { sql, type Kysely } from 'kysely';
import { indiaDate } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';

export type UsageKind = 'posts' | 'likes' | 'comments';

export interface DefaultLimits {
  dailyPostLimit: number;
  dailyLikeLimit: number;
  dailyCommentLimit: number;
}

export interface UsageRow {
  limits: DefaultLimits;
  used: Record<UsageKind, number>;
}

const COLUMN = { posts: 'posts_count', likes: 'likes_count', comments: 'comments_count' } as const;
const LIMIT_COLUMN = { posts: 'daily_post_limit', likes: 'daily_like_limit', comments: 'daily_comment_limit' } as const;
const DEFAULT_KEY = { posts: 'dailyPostLimit', likes: 'dailyLikeLimit', comments: 'dailyCommentLimit' } as const;

/** Daily counters (daily_usage) and per-user limit overrides (user_interaction_limits). */
export function createUsageRepository(ref: DbRef, defaults: DefaultLimits) {
  async function limitsOf(db: Kysely<Database>, userId: number): Promise<DefaultLimits> {
    const row = await db.selectFrom('user_interaction_limits').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return {
      dailyPostLimit: row?.daily_post_limit ?? defaults.dailyPostLimit,
      dailyLikeLimit: row?.daily_like_limit ?? defaults.dailyLikeLimit,
      dailyCommentLimit: row?.daily_comment_limit ?? defaults.dailyCommentLimit,
    };
  }

  return {
    async usage(userId: number, now: Date): Promise<UsageRow> {
      const db = ref.db;
      const [limits, used] = await Promise.all([
        limitsOf(db, userId),
        db.selectFrom('daily_usage').selectAll().where('user_id', '=', userId).where('usage_date', '=', indiaDate(now)).executeTakeFirst(),
      ]);
      return { limits, used: { posts: used?.posts_count ?? 0, likes: used?.likes_count ?? 0, comments: used?.comments_count ?? 0 } };
    },

    /**
     * Counts one action if the user is under today's limit, in one statement (a conditional
     * upsert), inside the caller's transaction so it rolls back with the action. Returns the
     * limit when refused, undefined when counted.
     */
    async tryCount(db: Kysely<Database>, userId: number, kind: UsageKind, now: Date): Promise<{ refusedAt?: number }> {
      const column = COLUMN[kind];
      const override = sql.ref(`user_interaction_limits.${LIMIT_COLUMN[kind]}`);
      const limit = sql<number>`coalesce((SELECT ${override} FROM user_interaction_limits WHERE user_id = ${userId}), ${defaults[DEFAULT_KEY[kind]]}::int)`;
      const result = await sql<{ n: number }>`
        INSERT INTO daily_usage AS d (user_id, usage_date, ${sql.ref(column)})
        SELECT ${userId}, ${indiaDate(now)}::date, 1 WHERE ${limit} > 0
        ON CONFLICT (user_id, usage_date) DO UPDATE
          SET ${sql.ref(column)} = d.${sql.ref(column)} + 1, updated_at = now()
          WHERE d.${sql.ref(column)} < ${limit}
        RETURNING d.${sql.ref(column)} AS n`.execute(db);
      if (result.rows.length > 0) return {};
      return { refusedAt: (await limitsOf(db, userId))[DEFAULT_KEY[kind]] };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
