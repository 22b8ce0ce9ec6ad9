import { sql, type Kysely } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import { indiaDateTimeText } from '../../core/db/india-time';
import { hasRow } from '../../core/db/has-row';

export interface CommentRow {
  id: number;
  content: string;
  created_at_text: string;
  post_id: number;
  user_id: number;
  name: string | null;
  avatar: string | null;
}

/** Likes, comments, shares and reports of posts. */
export function createEngagementRepository(ref: DbRef) {
  const commentSelect = (db: Kysely<Database>) =>
    db
      .selectFrom('post_comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.content', 'c.post_id', 'c.user_id', 'u.name', 'u.avatar', indiaDateTimeText('c.created_at').as('created_at_text')]);

  return {
    transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /** Inserts the like; false when it already existed. */
    async like(db: Kysely<Database>, postId: number, userId: number): Promise<boolean> {
      const row = await db
        .insertInto('post_likes')
        .values({ post_id: postId, user_id: userId })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async unlike(postId: number, userId: number): Promise<void> {
      await ref.db.deleteFrom('post_likes').where('post_id', '=', postId).where('user_id', '=', userId).execute();
    },

    async isLiked(postId: number, userId: number): Promise<boolean> {
      return hasRow(ref.db.selectFrom('post_likes').select('id').where('post_id', '=', postId).where('user_id', '=', userId));
    },

    async counts(postId: number, db: Kysely<Database> = ref.db): Promise<{ likes: number; comments: number; shares: number }> {
      const row = await db.selectFrom('posts').select(['likes_count', 'comments_count', 'shares_count']).where('id', '=', postId).executeTakeFirstOrThrow();
      return { likes: row.likes_count, comments: row.comments_count, shares: row.shares_count };
    },

    /** Newest first (index post_likes_post_idx) with the total for totalPages. */
    async likes(postId: number, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        ref.db
          .selectFrom('post_likes as l')
          .innerJoin('users as u', 'u.id', 'l.user_id')
          .select(['l.id', 'u.id as user_id', 'u.name', 'u.avatar', indiaDateTimeText('l.created_at').as('created_at_text')])
          .where('l.post_id', '=', postId)
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        this.counts(postId),
      ]);
      return { rows, total: total.likes };
    },

    /**
     * A page of comments, newest first (index post_comments_post_idx); the client shows them
     * reversed. A comment the reader reported leaves their view at once.
     */
    async comments(postId: number, offset: number, limit: number, readerId: number | null = null): Promise<CommentRow[]> {
      return (
        commentSelect(ref.db)
          .where('c.post_id', '=', postId)
          // Hidden after reports until a moderator decides; removed stays for an appeal. Readers see neither.
          .where('c.status', '=', 'active')
          .$if(readerId !== null, (q) =>
            q.where((eb) =>
              eb.not(
                eb.exists(
                  eb.selectFrom('content_reports as r').select('r.id').whereRef('r.post_comment_id', '=', 'c.id').where('r.reporter_id', '=', readerId!),
                ),
              ),
            ),
          )
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      );
    },

    async addComment(db: Kysely<Database>, postId: number, userId: number, content: string): Promise<CommentRow> {
      const row = await db.insertInto('post_comments').values({ post_id: postId, user_id: userId, content }).returning('id').executeTakeFirstOrThrow();
      return commentSelect(db).where('c.id', '=', row.id).executeTakeFirstOrThrow();
    },

    async comment(id: number): Promise<{ id: number; postId: number; userId: number } | undefined> {
      const row = await ref.db.selectFrom('post_comments').select(['id', 'post_id', 'user_id']).where('id', '=', id).executeTakeFirst();
      return row ? { id: row.id, postId: row.post_id, userId: row.user_id } : undefined;
    },

    async deleteComment(id: number): Promise<void> {
      await ref.db.deleteFrom('post_comments').where('id', '=', id).execute();
    },

    async share(postId: number, userId: number): Promise<number> {
      return ref.db.transaction().execute(async (trx) => {
        await trx.insertInto('post_shares').values({ post_id: postId, user_id: userId, channel: null }).execute();
        return (await this.counts(postId, trx)).shares;
      });
    },

    /**
     * Records the report (once per reporter) and hides the post pending review once
     * `threshold` distinct users have open reports on it. Returns whether it is hidden now.
     */
    async report(postId: number, reporterId: number, authorId: number, reason: string, details: string | null, threshold: number): Promise<boolean> {
      return ref.db.transaction().execute(async (trx) => {
        await sql`
          INSERT INTO content_reports (reporter_id, post_id, reason, details)
          VALUES (${reporterId}, ${postId}, ${reason}, ${details})
          ON CONFLICT (reporter_id, post_id) WHERE post_id IS NOT NULL DO NOTHING`.execute(trx);
        const hidden = await sql<{ id: number }>`
          UPDATE posts SET status = 'hidden', updated_at = now()
          WHERE id = ${postId} AND status = 'active'
            AND (SELECT count(DISTINCT reporter_id) FROM content_reports
                 WHERE post_id = ${postId} AND status = 'open' AND reporter_id <> ${authorId}) >= ${threshold}
          RETURNING id`.execute(trx);
        if (hidden.rows.length > 0) return true;
        const row = await trx.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
        return row.status !== 'active';
      });
    },
  };
}

export type EngagementRepository = ReturnType<typeof createEngagementRepository>;
