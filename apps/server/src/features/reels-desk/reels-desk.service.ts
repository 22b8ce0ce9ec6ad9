import { DESK_REPORT_DETAILS, extractVideoId, type DeskFilter, type DeskReel, type DeskReelsPage, type DeskSource } from '@saathi/shared';
import type { Transaction } from 'kysely';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import type { Database } from '../../core/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { ReportReason } from '../../core/db/tables/moderation';
import type { AuthUser } from '../../plugins/app/auth';
import { toReelVideo } from '../incidents';
import type { ModerationNotice, ReelModerationNotifier } from './reels-desk.notify';
import type { DeskReelRow, ReelsDeskRepository, ReportCountRow } from './reels-desk.repository';

export interface ReelsDeskServiceDeps {
  desk: ReelsDeskRepository;
  notifier: ReelModerationNotifier;
  clock: Clock;
}

export interface DeskListQuery {
  filter: DeskFilter;
  author?: number | undefined;
  source?: DeskSource | undefined;
  cursor?: string | undefined;
  limit: number;
}

const reelNotFound = () => new NotFoundError('Reel not found', 'reel_not_found');

/** What the audit log keeps of a reel: enough to tell what it was, not the whole row. */
const summaryOf = (row: DeskReelRow) => ({ status: row.status, title: row.title, description: row.description, authorId: row.uploader_id });

function toDeskReel(row: DeskReelRow, counts: readonly ReportCountRow[] = [], details: readonly string[] = []): DeskReel {
  return {
    ...toReelVideo(row),
    thumbnailUrl: row.thumbnail_url,
    status: row.status,
    author: row.uploader_id === null ? null : { id: row.uploader_id, name: row.uploader_name },
    createdAt: new Date(row.created_at).toISOString(),
    likes: row.likes_count,
    comments: row.comments_count,
    reports: {
      count: counts.reduce((sum, c) => sum + c.total, 0),
      open: counts.reduce((sum, c) => sum + c.open, 0),
      reasons: counts.map((c) => ({ reason: c.reason, count: c.total })),
      latestDetails: [...details],
    },
    hiddenReason: row.status === 'hidden' ? row.hidden_reason : null,
  };
}

/**
 * The reels desk. Who may call it is the endpoints' `access: 'moderator'` (checked by the auth
 * hook); this service holds the rules of each change. Every change and its audit row commit
 * together; the author's notice follows the commit.
 */
export function createReelsDeskService({ desk, notifier, clock }: ReelsDeskServiceDeps) {
  /** The items with their reports, in the rows' order. */
  async function withReports(rows: readonly DeskReelRow[]): Promise<DeskReel[]> {
    const ids = rows.map((row) => row.id);
    const [counts, details] = await Promise.all([desk.reportCounts(ids), desk.latestDetails(ids, DESK_REPORT_DETAILS)]);
    return rows.map((row) =>
      toDeskReel(
        row,
        counts.filter((c) => c.incident_id === row.id),
        details.filter((d) => d.incident_id === row.id).map((d) => d.details),
      ),
    );
  }

  async function current(id: number): Promise<DeskReel> {
    const row = await desk.byId(id);
    if (!row) throw reelNotFound();
    return (await withReports([row]))[0]!;
  }

  /** Runs a change on a locked reel, and its audit row, in one transaction. */
  async function change<T>(id: number, work: (trx: Transaction<Database>, row: DeskReelRow, at: Date) => Promise<T>): Promise<T> {
    return desk.transaction(async (trx) => {
      const row = await desk.lockForUpdate(trx, id);
      if (!row) throw reelNotFound();
      return work(trx, row, clock());
    });
  }

  /** The author hears of it in their language; a failed notice never undoes the moderation. */
  async function tell(row: DeskReelRow, notice: ModerationNotice, reason: string): Promise<void> {
    if (row.uploader_id === null) return;
    await notifier.notify({ authorId: row.uploader_id, reelId: row.id, title: row.title, notice, reason });
  }

  return {
    async list(query: DeskListQuery): Promise<DeskReelsPage> {
      const after = query.cursor ? cursorOf(query.cursor) : undefined;
      const rows = await desk.list({ filter: query.filter, authorId: query.author, source: query.source, after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: await withReports(page), nextCursor: rows.length > query.limit && last ? `${last.cursor_at}_${last.id}` : null };
    },

    async edit(caller: AuthUser, id: number, text: { title?: string | undefined; description?: string | undefined }): Promise<DeskReel> {
      await change(id, async (trx, row, at) => {
        await desk.setText(trx, id, text);
        // Only the text: the status did not change, and the audit screen words a status alone.
        const before = { title: row.title, description: row.description };
        await recordAudit(trx, { actor: caller, action: 'reel_edit', target: { type: 'reel', id }, before, after: { ...before, ...text }, at });
      });
      return current(id);
    },

    async hide(caller: AuthUser, id: number, reason: string): Promise<DeskReel> {
      const row = await change(id, async (trx, row, at) => {
        if (row.status === 'hidden') throw new ConflictError('This reel is hidden already', undefined, 'conflict');
        await desk.setHidden(trx, id, { reason, moderatorId: caller.id, at });
        await recordAudit(trx, {
          actor: caller,
          action: 'reel_hide',
          target: { type: 'reel', id },
          reason,
          before: summaryOf(row),
          after: { ...summaryOf(row), status: 'hidden' },
          at,
        });
        return row;
      });
      await tell(row, 'hidden', reason);
      return current(id);
    },

    async restore(caller: AuthUser, id: number, reason: string): Promise<DeskReel> {
      const row = await change(id, async (trx, row, at) => {
        if (row.status !== 'hidden') throw new ConflictError('This reel is not hidden', undefined, 'conflict');
        await desk.setHidden(trx, id, null);
        await recordAudit(trx, {
          actor: caller,
          action: 'reel_restore',
          target: { type: 'reel', id },
          reason,
          before: summaryOf(row),
          after: { ...summaryOf(row), status: 'active' },
          at,
        });
        return row;
      });
      await tell(row, 'restored', reason);
      return current(id);
    },

    async delete(caller: AuthUser, id: number, reason: string): Promise<{ deleted: true }> {
      const row = await change(id, async (trx, row, at) => {
        await desk.delete(trx, id);
        await recordAudit(trx, { actor: caller, action: 'reel_delete', target: { type: 'reel', id }, reason, before: summaryOf(row), after: null, at });
        return row;
      });
      await tell(row, 'deleted', reason);
      return { deleted: true };
    },

    /** A hosted-video reel in the moderator's name, stored as the short link of its id. */
    async addHosted(caller: AuthUser, body: { videoId: string; title: string; description?: string | undefined }): Promise<DeskReel> {
      const videoId = extractVideoId(body.videoId);
      if (!videoId) throw new ValidationError('Enter the 11-character video id', 'videoId');
      const id = await desk.transaction(async (trx) => {
        const id = await desk.insertHosted(trx, {
          uploaderId: caller.id,
          videoUrl: `https://youtu.be/${videoId}`,
          title: body.title,
          description: body.description ?? '',
        });
        await recordAudit(trx, {
          actor: caller,
          action: 'reel_create',
          target: { type: 'reel', id },
          after: { status: 'active', title: body.title, description: body.description ?? '', videoId },
          at: clock(),
        });
        return id;
      });
      return current(id);
    },

    /** Someone reports a reel they can see: once each, never their own. */
    async report(callerId: number, id: number, reason: ReportReason, details: string | undefined): Promise<{ reported: true }> {
      const uploaderId = await desk.visibleReelUploader(id);
      if (uploaderId === undefined) throw reelNotFound();
      if (uploaderId === callerId) throw new ValidationError('You cannot report your own reel', undefined, 'own_reel_report');
      if (!(await desk.insertReport(id, callerId, reason, details?.trim() ? details.trim() : null))) {
        throw new ConflictError('You have reported this reel already', undefined, 'reel_already_reported');
      }
      return { reported: true };
    },
  };
}

/** `2025-01-31T10:00:00.123456Z_42` (the schema checked its shape) as the keyset position. */
function cursorOf(cursor: string): { at: string; id: number } {
  const split = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, split), id: Number(cursor.slice(split + 1)) };
}

export type ReelsDeskService = ReturnType<typeof createReelsDeskService>;
