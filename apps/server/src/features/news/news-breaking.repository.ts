import type { NewsLanguage, NewsState } from '@saathi/shared';
import { sql } from 'kysely';
import { enqueue, type OutboxMessage } from '../../core/outbox';
import type { DbRef } from '../../core/db/db-ref';

/** Breaking pushes wait for each other (see claim): any fixed key, used for nothing else. */
const BREAKING_LOCK_KEY = 7_216_016;

export interface BreakingArticle {
  id: number;
  slug: string;
  state: NewsState;
  published_at: Date | null;
  breaking: boolean;
  titles: Partial<Record<NewsLanguage, string>>;
}

export interface BreakingRecipient {
  user_id: number;
  news_language: string;
  news_language_follows_app: boolean;
  language: string;
}

/** The SQL of the breaking-news push (news-delivery.ts). */
export function createNewsBreakingRepository(ref: DbRef) {
  return {
    async article(id: number): Promise<BreakingArticle | undefined> {
      const row = await ref.db.selectFrom('news_articles').select(['id', 'slug', 'state', 'published_at', 'breaking']).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const titles = await ref.db.selectFrom('news_translations').select(['language', 'title']).where('article_id', '=', id).execute();
      return { ...row, titles: Object.fromEntries(titles.map((t) => [t.language, t.title])) };
    },

    /**
     * Picks this article's recipients: every opted-in user (users_breaking_news_idx) who has had
     * fewer than `cap` breaking pushes on `indiaDay` and never this article. Pushes run one at
     * a time under an advisory lock, so two articles going out together cannot both count a
     * user's day before either has written it.
     */
    async claim(articleId: number, indiaDay: string, cap: number): Promise<void> {
      await ref.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${BREAKING_LOCK_KEY})`.execute(trx);
        await sql`
          INSERT INTO news_breaking_pushes (article_id, user_id, india_day)
          SELECT ${articleId}, u.id, ${indiaDay}::date
          FROM users u
          WHERE u.breaking_news_alerts
            AND (SELECT count(*) FROM news_breaking_pushes p
                 WHERE p.user_id = u.id AND p.india_day = ${indiaDay}::date) < ${cap}
          ON CONFLICT (article_id, user_id) DO NOTHING`.execute(trx);
      });
    },

    /** Recipients claimed but not yet pushed (also those of an attempt that crashed half-way). */
    async pending(articleId: number, limit: number): Promise<BreakingRecipient[]> {
      return ref.db
        .selectFrom('news_breaking_pushes as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.user_id', 'u.news_language', 'u.news_language_follows_app', 'u.language'])
        .where('p.article_id', '=', articleId)
        .where('p.delivered_at', 'is', null)
        .orderBy('p.user_id')
        .limit(limit)
        .execute();
    },

    async markDelivered(articleId: number, userIds: readonly number[], now: Date): Promise<void> {
      if (userIds.length === 0) return;
      await ref.db
        .updateTable('news_breaking_pushes')
        .set({ delivered_at: now })
        .where('article_id', '=', articleId)
        .where('user_id', '=', sql<number>`ANY(${[...userIds]}::int[])`)
        .execute();
    },

    enqueue(messages: readonly OutboxMessage[]): Promise<void> {
      return enqueue(ref.db, messages);
    },
  };
}

export type NewsBreakingRepository = ReturnType<typeof createNewsBreakingRepository>;
