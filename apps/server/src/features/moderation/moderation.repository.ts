import { sql, type Selectable, type Transaction } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { ModerationDecisionsTable } from '../../core/db/tables/moderation';
import type { AnyReportReason, ModerationAction, ModerationTarget } from '@saathi/shared';

export interface QueueTargetRow {
  target_type: ModerationTarget;
  target_id: number;
  first_at: Date;
  /** first_at in UTC to the microsecond: the keyset cursor (a JS Date keeps milliseconds only). */
  first_key: string;
  report_count: number;
  intimate: boolean;
  /** The oldest open report nobody acknowledged, and how many such reports there are. */
  unacknowledged_at: Date | null;
  unacknowledged: number;
  /** The latest acknowledgement of the open reports. */
  acknowledged_at: Date | null;
  acknowledged_by: number | null;
  acknowledged_by_name: string | null;
}

/** Where the previous queue page ended: the sort key of its last item. */
export interface QueueCursor {
  /** 0 for intimate-image items (they come first), 1 for the rest. */
  rank: 0 | 1;
  firstKey: string;
  type: ModerationTarget;
  id: number;
}

export interface TargetRow {
  target_type: ModerationTarget;
  id: number;
  author_id: number | null;
  author_name: string | null;
  status: string;
  title: string;
  text: string;
  video_url: string | null;
  created_at: Date;
  /** The post a comment belongs to. */
  post_id: number | null;
}

/** A decision with its suspension's end and lifting, if it suspended. */
export type DecisionRow = Selectable<ModerationDecisionsTable> & { suspension_ends_at: Date | null; suspension_lifted_at: Date | null };

export interface AppealRow {
  id: number;
  decision_id: number;
  author_id: number;
  text: string;
  status: 'open' | 'upheld' | 'overturned';
  decision_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

/** The table and status column behind each kind of target. */
const STATUS_TABLE = { post: 'posts', comment: 'post_comments', reel: 'incidents' } as const;
/** The content_reports column naming each kind of target. */
const REPORT_COLUMN = { post: 'post_id', comment: 'post_comment_id', reel: 'incident_id' } as const;

const decisionSelect = sql`
  SELECT d.id, d.target_type, d.target_id, d.author_id, d.moderator_id, d.action, d.reason, d.suspend_days, d.removed_item, d.created_at,
         s.ends_at AS suspension_ends_at, s.lifted_at AS suspension_lifted_at
  FROM moderation_decisions d
  LEFT JOIN moderation_suspensions s ON s.decision_id = d.id`;

/** Reports, decisions, appeals and suspensions of the moderation desk. */
export function createModerationRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /**
     * A page of items with open reports: intimate-image reports first, then the oldest report
     * first, after `after` (keyset). Reads the open reports through content_reports_open_idx
     * and the per-target open indexes.
     */
    async queueTargets(after: QueueCursor | undefined, limit: number): Promise<QueueTargetRow[]> {
      const from = after
        ? sql`WHERE (g.rank, g.first_key, g.target_type, g.target_id) > (${after.rank}, ${after.firstKey}, ${after.type}, ${after.id})`
        : sql``;
      const result = await sql<QueueTargetRow>`
        WITH g AS (
          SELECT CASE WHEN post_id IS NOT NULL THEN 'post' WHEN post_comment_id IS NOT NULL THEN 'comment' ELSE 'reel' END AS target_type,
                 COALESCE(post_id, post_comment_id, incident_id) AS target_id,
                 min(created_at) AS first_at,
                 to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS first_key,
                 count(*)::int AS report_count,
                 bool_or(reason = 'intimate_image') AS intimate,
                 CASE WHEN bool_or(reason = 'intimate_image') THEN 0 ELSE 1 END AS rank,
                 min(created_at) FILTER (WHERE acknowledged_at IS NULL) AS unacknowledged_at,
                 (count(*) FILTER (WHERE acknowledged_at IS NULL))::int AS unacknowledged,
                 max(acknowledged_at) AS acknowledged_at,
                 (array_agg(acknowledged_by ORDER BY acknowledged_at DESC) FILTER (WHERE acknowledged_at IS NOT NULL))[1] AS acknowledged_by
          FROM content_reports
          WHERE status = 'open' AND (post_id IS NOT NULL OR post_comment_id IS NOT NULL OR incident_id IS NOT NULL)
          GROUP BY 1, 2
        )
        SELECT g.target_type, g.target_id, g.first_at, g.first_key, g.report_count, g.intimate, g.unacknowledged_at, g.unacknowledged,
               g.acknowledged_at, g.acknowledged_by, u.name AS acknowledged_by_name
        FROM g LEFT JOIN users u ON u.id = g.acknowledged_by
        ${from}
        ORDER BY g.rank, g.first_key, g.target_type, g.target_id
        LIMIT ${limit}`.execute(ref.db);
      return result.rows;
    },

    /** Marks a target's open, unacknowledged reports as seen by this moderator; how many it marked. */
    async acknowledge(trx: Transaction<Database>, type: ModerationTarget, id: number, by: number, at: Date): Promise<number> {
      const result = await sql`
        UPDATE content_reports SET acknowledged_by = ${by}, acknowledged_at = ${at}
        WHERE ${sql.ref(REPORT_COLUMN[type])} = ${id} AND status = 'open' AND acknowledged_at IS NULL`.execute(trx);
      return Number(result.numAffectedRows ?? 0);
    },

    async openReportCount(trx: Transaction<Database>, type: ModerationTarget, id: number): Promise<number> {
      const result = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM content_reports WHERE ${sql.ref(REPORT_COLUMN[type])} = ${id} AND status = 'open'`.execute(trx);
      return result.rows[0]?.n ?? 0;
    },

    /** Open report counts per reason, and the latest notes, of one target. */
    async openReports(type: ModerationTarget, id: number): Promise<{ reasons: { reason: AnyReportReason; count: number }[]; notes: string[] }> {
      const column = sql.ref(REPORT_COLUMN[type]);
      const [reasons, notes] = await Promise.all([
        sql<{ reason: AnyReportReason; count: number }>`
          SELECT reason, count(*)::int AS count FROM content_reports
          WHERE ${column} = ${id} AND status = 'open' GROUP BY reason ORDER BY count DESC, reason`.execute(ref.db),
        sql<{ details: string }>`
          SELECT details FROM content_reports
          WHERE ${column} = ${id} AND status = 'open' AND details IS NOT NULL
          ORDER BY created_at DESC, id DESC LIMIT 3`.execute(ref.db),
      ]);
      return { reasons: reasons.rows, notes: notes.rows.map((r) => r.details) };
    },

    /** The item itself, whatever its status (undefined when it is gone). */
    async target(type: ModerationTarget, id: number, db: Transaction<Database> | DbRef['db'] = ref.db): Promise<TargetRow | undefined> {
      const lock = db === ref.db ? sql`` : sql`FOR UPDATE OF t`;
      const query =
        type === 'post'
          ? sql<TargetRow>`
              SELECT 'post' AS target_type, t.id, t.user_id AS author_id, u.name AS author_name, t.status, t.title, t.description AS text,
                     t.video_url, t.created_at, NULL::int AS post_id
              FROM posts t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = ${id} ${lock}`
          : type === 'comment'
            ? sql<TargetRow>`
              SELECT 'comment' AS target_type, t.id, t.user_id AS author_id, u.name AS author_name, t.status, '' AS title, t.content AS text,
                     NULL AS video_url, t.created_at, t.post_id
              FROM post_comments t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = ${id} ${lock}`
            : sql<TargetRow>`
              SELECT 'reel' AS target_type, t.id, t.uploader_id AS author_id, u.name AS author_name, t.status, t.title, t.description AS text,
                     t.video_url, t.created_at, NULL::int AS post_id
              FROM incidents t LEFT JOIN users u ON u.id = t.uploader_id WHERE t.id = ${id} ${lock}`;
      return (await query.execute(db)).rows[0];
    },

    async postImages(postId: number): Promise<string[]> {
      const rows = await ref.db.selectFrom('post_media').select('url').where('post_id', '=', postId).orderBy('position').execute();
      return rows.map((r) => r.url);
    },

    /** A post's latest comments (removed ones too: the moderator sees the whole thread), post_comments_post_idx. */
    async postComments(postId: number, limit: number) {
      const result = await sql<{ id: number; author: string | null; content: string; created_at: Date }>`
        SELECT c.id, u.name AS author, c.content, c.created_at
        FROM post_comments c LEFT JOIN users u ON u.id = c.user_id
        WHERE c.post_id = ${postId}
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit}`.execute(ref.db);
      return result.rows;
    },

    /** Decisions about these authors, newest first (moderation_decisions_author_idx). */
    async historyOf(authorId: number, limit: number): Promise<DecisionRow[]> {
      return (await sql<DecisionRow>`${decisionSelect} WHERE d.author_id = ${authorId} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit}`.execute(ref.db))
        .rows;
    },

    async decisionsOf(authorId: number): Promise<DecisionRow[]> {
      return this.historyOf(authorId, 100);
    },

    async decision(id: number, db: Transaction<Database> | DbRef['db'] = ref.db): Promise<DecisionRow | undefined> {
      return (await sql<DecisionRow>`${decisionSelect} WHERE d.id = ${id}`.execute(db)).rows[0];
    },

    async appealsOf(decisionIds: readonly number[]): Promise<AppealRow[]> {
      if (decisionIds.length === 0) return [];
      return ref.db.selectFrom('moderation_appeals').selectAll().where('decision_id', 'in', decisionIds).execute();
    },

    /** Appeals nobody has decided, oldest first (moderation_appeals_open_idx). */
    async openAppeals(limit: number): Promise<AppealRow[]> {
      return ref.db.selectFrom('moderation_appeals').selectAll().where('status', '=', 'open').orderBy('created_at').orderBy('id').limit(limit).execute();
    },

    async appealForUpdate(trx: Transaction<Database>, id: number): Promise<AppealRow | undefined> {
      return (await sql<AppealRow>`SELECT * FROM moderation_appeals WHERE id = ${id} FOR UPDATE`.execute(trx)).rows[0];
    },

    async userName(id: number): Promise<string | null> {
      const row = await ref.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
      return row?.name ?? null;
    },

    async setStatus(trx: Transaction<Database>, type: ModerationTarget, id: number, status: 'active' | 'removed'): Promise<void> {
      await sql`UPDATE ${sql.table(STATUS_TABLE[type])} SET status = ${status}, updated_at = now() WHERE id = ${id}`.execute(trx);
    },

    /**
     * Closes the open reports of a target (dismissed on a restore, actioned otherwise), which
     * acknowledges any nobody had, and returns who filed them: each reporter is told the
     * outcome once, as their report closes.
     */
    async closeReports(
      trx: Transaction<Database>,
      type: ModerationTarget,
      id: number,
      close: { status: 'dismissed' | 'actioned'; by: number; at: Date; note: string },
    ) {
      const result = await sql<{ reporter_id: number }>`
        UPDATE content_reports SET status = ${close.status}, reviewed_by = ${close.by}, reviewed_at = ${close.at}, resolution_note = ${close.note},
               acknowledged_by = COALESCE(acknowledged_by, ${close.by}), acknowledged_at = COALESCE(acknowledged_at, ${close.at})
        WHERE ${sql.ref(REPORT_COLUMN[type])} = ${id} AND status = 'open'
        RETURNING reporter_id`.execute(trx);
      return [...new Set(result.rows.map((r) => r.reporter_id))];
    },

    async insertDecision(
      trx: Transaction<Database>,
      values: {
        type: ModerationTarget;
        id: number;
        authorId: number | null;
        moderatorId: number;
        action: ModerationAction;
        reason: string;
        suspendDays: number | null;
        removedItem: boolean;
        at: Date;
      },
    ): Promise<number> {
      const row = await trx
        .insertInto('moderation_decisions')
        .values({
          target_type: values.type,
          target_id: values.id,
          author_id: values.authorId,
          moderator_id: values.moderatorId,
          action: values.action,
          reason: values.reason,
          suspend_days: values.suspendDays,
          removed_item: values.removedItem,
          created_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertSuspension(trx: Transaction<Database>, values: { userId: number; decisionId: number; endsAt: Date; at: Date }): Promise<void> {
      await trx
        .insertInto('moderation_suspensions')
        .values({ user_id: values.userId, decision_id: values.decisionId, ends_at: values.endsAt, created_at: values.at })
        .execute();
    },

    async liftSuspension(trx: Transaction<Database>, decisionId: number, at: Date): Promise<void> {
      await trx.updateTable('moderation_suspensions').set({ lifted_at: at }).where('decision_id', '=', decisionId).where('lifted_at', 'is', null).execute();
    },

    /** Inserts the appeal unless the decision has one; undefined when it had. */
    async insertAppeal(trx: Transaction<Database>, values: { decisionId: number; authorId: number; text: string; at: Date }): Promise<AppealRow | undefined> {
      const result = await sql<AppealRow>`
        INSERT INTO moderation_appeals (decision_id, author_id, text, created_at)
        VALUES (${values.decisionId}, ${values.authorId}, ${values.text}, ${values.at})
        ON CONFLICT (decision_id) DO NOTHING
        RETURNING *`.execute(trx);
      return result.rows[0];
    },

    async decideAppeal(
      trx: Transaction<Database>,
      id: number,
      values: { status: 'upheld' | 'overturned'; by: number; reason: string; at: Date },
    ): Promise<void> {
      await trx
        .updateTable('moderation_appeals')
        .set({ status: values.status, decided_by: values.by, decided_at: values.at, decision_reason: values.reason })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Records the report of a comment (once per reporter, content_reports_post_comment_uniq)
     * and hides the comment pending review once `threshold` distinct people other than its
     * author have open reports on it, as posts do.
     */
    async reportComment(commentId: number, authorId: number, report: { reporterId: number; reason: string; details: string | null }, threshold: number) {
      await ref.db.transaction().execute(async (trx) => {
        await sql`
          INSERT INTO content_reports (reporter_id, post_comment_id, reason, details)
          VALUES (${report.reporterId}, ${commentId}, ${report.reason}, ${report.details})
          ON CONFLICT (reporter_id, post_comment_id) WHERE post_comment_id IS NOT NULL DO NOTHING`.execute(trx);
        await sql`
          UPDATE post_comments SET status = 'hidden', updated_at = now()
          WHERE id = ${commentId} AND status = 'active'
            AND (SELECT count(DISTINCT reporter_id) FROM content_reports
                 WHERE post_comment_id = ${commentId} AND status = 'open' AND reporter_id <> ${authorId}) >= ${threshold}`.execute(trx);
      });
    },

    /** An active comment on an active post, with its author. */
    async visibleComment(id: number): Promise<{ userId: number } | undefined> {
      const row = await sql<{ user_id: number }>`
        SELECT c.user_id FROM post_comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = ${id} AND c.status = 'active' AND p.status = 'active'`.execute(ref.db);
      return row.rows[0] ? { userId: row.rows[0].user_id } : undefined;
    },

    async userLanguage(id: number): Promise<{ id: number; language: string } | undefined> {
      return ref.db.selectFrom('users').select(['id', 'language']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
