import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DeskFilter, DeskSource } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { ReportReason } from '../../core/db/tables/moderation';
import { reelTextChange } from '../incidents';

type Db = Kysely<Database> | Transaction<Database>;

/** A reel as the desk shows it, before its reports are added. */
export interface DeskReelRow {
  id: number;
  title: string;
  description: string;
  video_url: string;
  video_source: 'normal' | 'youtube';
  thumbnail_url: string | null;
  status: 'active' | 'hidden';
  hidden_reason: string | null;
  uploader_id: number | null;
  uploader_name: string | null;
  likes_count: number;
  comments_count: number;
  created_at: Date;
  /** created_at in UTC to the microsecond: the keyset cursor (a JS Date keeps milliseconds only). */
  cursor_at: string;
}

export interface ReportCountRow {
  incident_id: number;
  reason: ReportReason;
  total: number;
  open: number;
}

export interface ListArgs {
  filter: DeskFilter;
  authorId?: number | undefined;
  source?: DeskSource | undefined;
  /** Items strictly older than this (created_at, id). */
  after?: { at: string; id: number } | undefined;
  limit: number;
}

/** The author a moderation notice goes to, in their language. */
export interface ReelAuthor {
  id: number;
  language: string;
}

const SOURCE_COLUMN: Record<DeskSource, 'youtube' | 'normal'> = { hosted: 'youtube', upload: 'normal' };

function deskReelsQuery({ filter, authorId, source, after, limit }: ListArgs, id?: number): RawBuilder<DeskReelRow> {
  const conditions = [filter === 'hidden' ? sql`i.status = 'hidden'` : sql`i.status IN ('active', 'hidden')`];
  if (filter === 'reported') {
    // content_reports_incident_open_idx (migration 0022).
    conditions.push(sql`EXISTS (SELECT 1 FROM content_reports r WHERE r.incident_id = i.id AND r.status = 'open')`);
  }
  if (authorId !== undefined) conditions.push(sql`i.uploader_id = ${authorId}`);
  if (source !== undefined) conditions.push(sql`i.video_source = ${SOURCE_COLUMN[source]}`);
  if (after) conditions.push(sql`(i.created_at, i.id) < (${after.at}::timestamptz, ${after.id})`);
  if (id !== undefined) conditions.push(sql`i.id = ${id}`);
  // incidents_desk_idx / incidents_hidden_idx (newest first), incidents_uploader_idx by author.
  return sql<DeskReelRow>`
    SELECT i.id, i.title, i.description, i.video_url, i.video_source, i.thumbnail_url, i.status, i.hidden_reason,
           i.uploader_id, u.name AS uploader_name, i.likes_count, i.comments_count, i.created_at,
           to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
    FROM incidents i
    LEFT JOIN users u ON u.id = i.uploader_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY i.created_at DESC, i.id DESC
    LIMIT ${limit}`;
}

/** The reels desk's reads and writes (incidents of migration 0004, content_reports of 0008). */
export function createReelsDeskRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    async list(args: ListArgs): Promise<DeskReelRow[]> {
      return (await deskReelsQuery(args).execute(ref.db)).rows;
    },

    /** One reel the desk may act on (active or hidden), read in `db` (a transaction's view after a change). */
    async byId(id: number, db: Db = ref.db): Promise<DeskReelRow | undefined> {
      return (await deskReelsQuery({ filter: 'all', limit: 1 }, id).execute(db)).rows[0];
    },

    /** Locks the reel for a change, so two moderators acting at once are ordered. */
    async lockForUpdate(trx: Transaction<Database>, id: number): Promise<DeskReelRow | undefined> {
      const locked = await sql<{ id: number }>`
        SELECT id FROM incidents WHERE id = ${id} AND status IN ('active', 'hidden') FOR UPDATE`.execute(trx);
      return locked.rows.length === 0 ? undefined : this.byId(id, trx);
    },

    /** Report counts per reason of these reels: all of them, and the ones nobody has acted on (content_reports_incident_idx). */
    async reportCounts(ids: readonly number[]): Promise<ReportCountRow[]> {
      if (ids.length === 0) return [];
      const result = await sql<ReportCountRow>`
        SELECT incident_id, reason, count(*)::int AS total, (count(*) FILTER (WHERE status = 'open'))::int AS open
        FROM content_reports
        WHERE incident_id = ANY(${ids}::int[])
        GROUP BY incident_id, reason
        ORDER BY incident_id, total DESC, reason`.execute(ref.db);
      return result.rows;
    },

    /** The latest `perReel` notes reporters wrote on each of these reels, newest first. */
    async latestDetails(ids: readonly number[], perReel: number): Promise<{ incident_id: number; details: string }[]> {
      if (ids.length === 0) return [];
      const result = await sql<{ incident_id: number; details: string }>`
        SELECT incident_id, details
        FROM (
          SELECT incident_id, details,
                 row_number() OVER (PARTITION BY incident_id ORDER BY created_at DESC, id DESC) AS n
          FROM content_reports
          WHERE incident_id = ANY(${ids}::int[]) AND details IS NOT NULL AND btrim(details) <> ''
        ) latest
        WHERE n <= ${perReel}
        ORDER BY incident_id, n`.execute(ref.db);
      return result.rows;
    },

    async setText(trx: Transaction<Database>, id: number, text: { title?: string | undefined; description?: string | undefined }): Promise<void> {
      await trx.updateTable('incidents').set(reelTextChange(text)).where('id', '=', id).execute();
    },

    /** Hides (with the reason) or shows again; hiding also closes the open reports as acted on. */
    async setHidden(trx: Transaction<Database>, id: number, hidden: { reason: string; moderatorId: number; at: Date } | null): Promise<void> {
      await trx
        .updateTable('incidents')
        .set({ status: hidden ? 'hidden' : 'active', hidden_reason: hidden?.reason ?? null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      if (!hidden) return;
      await trx
        .updateTable('content_reports')
        .set({ status: 'actioned', reviewed_by: hidden.moderatorId, reviewed_at: hidden.at, resolution_note: hidden.reason })
        .where('incident_id', '=', id)
        .where('status', '=', 'open')
        .execute();
    },

    /** Deletes the reel; its likes, comments, shares and reports go with it (ON DELETE CASCADE). */
    async delete(trx: Transaction<Database>, id: number): Promise<void> {
      await trx.deleteFrom('incidents').where('id', '=', id).execute();
    },

    async insertHosted(trx: Transaction<Database>, reel: { uploaderId: number; videoUrl: string; title: string; description: string }): Promise<number> {
      const row = await trx
        .insertInto('incidents')
        .values({ uploader_id: reel.uploaderId, video_url: reel.videoUrl, video_source: 'youtube', title: reel.title, description: reel.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async author(userId: number): Promise<ReelAuthor | undefined> {
      return ref.db.selectFrom('users').select(['id', 'language']).where('id', '=', userId).executeTakeFirst();
    },

    // ---- Reports by users -------------------------------------------------------------------

    /** The uploader of a reel people can see (active): undefined when there is none, null without an uploader. */
    async visibleReelUploader(id: number): Promise<number | null | undefined> {
      const row = await ref.db.selectFrom('incidents').select('uploader_id').where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
      return row === undefined ? undefined : row.uploader_id;
    },

    /** Records a report; false when this person has reported this reel before (content_reports_incident_uniq). */
    async insertReport(incidentId: number, reporterId: number, reason: ReportReason, details: string | null): Promise<boolean> {
      const result = await sql<{ id: number }>`
        INSERT INTO content_reports (reporter_id, incident_id, reason, details)
        VALUES (${reporterId}, ${incidentId}, ${reason}, ${details})
        ON CONFLICT (reporter_id, incident_id) WHERE incident_id IS NOT NULL DO NOTHING
        RETURNING id`.execute(ref.db);
      return result.rows.length > 0;
    },
  };
}

export type ReelsDeskRepository = ReturnType<typeof createReelsDeskRepository>;
