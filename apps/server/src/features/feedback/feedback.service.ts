import {
  FeedbackDiagnostics,
  type FeedbackCreated,
  type FeedbackInboxPage,
  type FeedbackReplyBody,
  type FeedbackStatus,
  type FeedbackTicket,
  type InboxTicket,
  type MyFeedbackResponse,
} from '@saathi/shared';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import { ConflictError, NotFoundError } from '../../core/errors';
import type { AuthUser } from '../../plugins/app/auth';
import type { FeedbackForm, ScreenshotStore } from './feedback-form';
import type { FeedbackNotifier } from './feedback.notify';
import type { FeedbackRepository, ReplyRow, TicketRow } from './feedback.repository';

export interface FeedbackServiceDeps {
  feedback: FeedbackRepository;
  screenshots: ScreenshotStore;
  notifier: FeedbackNotifier;
  clock: Clock;
}

/** How many of their own tickets a sender sees: the latest ones. */
export const MY_TICKETS_MAX = 50;

const ticketNotFound = () => new NotFoundError('Feedback ticket not found', 'feedback_not_found');

function toTicket(row: TicketRow, replies: readonly ReplyRow[]): FeedbackTicket {
  return {
    id: row.id,
    category: row.category,
    text: row.text,
    status: row.status,
    screenshotUrl: row.screenshot_url,
    createdAt: new Date(row.created_at).toISOString(),
    replies: replies.map((r) => ({ id: r.id, text: r.text, createdAt: new Date(r.created_at).toISOString() })),
  };
}

function toInboxTicket(row: TicketRow, replies: readonly ReplyRow[]): InboxTicket {
  // Rows are written from the checked schema; a row that no longer fits shows as empty diagnostics.
  const diagnostics = FeedbackDiagnostics.safeParse(row.diagnostics);
  return {
    ...toTicket(row, replies),
    user: { id: row.user_id, name: row.user_name },
    diagnostics: diagnostics.success
      ? diagnostics.data
      : {
          appVersion: '',
          language: '',
          browser: '',
          permissions: { geolocation: 'unsupported', camera: 'unsupported', microphone: 'unsupported', notifications: 'unsupported' },
        },
    replies: replies.map((r) => ({
      id: r.id,
      text: r.text,
      createdAt: new Date(r.created_at).toISOString(),
      author: r.author_id === null ? null : { id: r.author_id, name: r.author_name },
    })),
  };
}

/**
 * Feedback tickets. Anyone signed in sends and reads their own; the inbox and answers are the
 * endpoints' `access: 'admin'` (checked by the auth hook). An answer and its audit row commit
 * together; the sender's notice follows the commit.
 */
export function createFeedbackService({ feedback, screenshots, notifier, clock }: FeedbackServiceDeps) {
  async function withReplies<T>(rows: readonly TicketRow[], map: (row: TicketRow, replies: readonly ReplyRow[]) => T): Promise<T[]> {
    const replies = await feedback.replies(rows.map((row) => row.id));
    return rows.map((row) =>
      map(
        row,
        replies.filter((r) => r.ticket_id === row.id),
      ),
    );
  }

  return {
    async create(callerId: number, { fields, screenshot }: FeedbackForm): Promise<FeedbackCreated> {
      const clientId = fields.clientId ?? null;
      // A retry of a ticket stored already answers the first one and stores nothing new.
      if (clientId) {
        const existing = await feedback.byClientId(callerId, clientId);
        if (existing) return { id: existing.id, status: 'open' };
      }
      const stored = screenshot ? await screenshots.save(screenshot) : null;
      try {
        const id = await feedback.insert({
          userId: callerId,
          clientId,
          category: fields.category,
          text: fields.text,
          diagnostics: fields.diagnostics,
          screenshot: stored,
        });
        if (id !== undefined) return { id, status: 'open' };
        // Two copies of one retry raced: the other one was stored.
        if (stored) await screenshots.discard(stored.key);
        const existing = await feedback.byClientId(callerId, clientId!);
        return { id: existing!.id, status: 'open' };
      } catch (error) {
        if (stored) await screenshots.discard(stored.key);
        throw error;
      }
    },

    async mine(callerId: number): Promise<MyFeedbackResponse> {
      return { items: await withReplies(await feedback.mine(callerId, MY_TICKETS_MAX), toTicket) };
    },

    async inbox(query: { status?: FeedbackStatus | undefined; cursor?: string | undefined; limit: number }): Promise<FeedbackInboxPage> {
      const rows = await feedback.inbox({ status: query.status, beforeId: query.cursor ? Number(query.cursor) : undefined, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: await withReplies(page, toInboxTicket), nextCursor: rows.length > query.limit && last ? String(last.id) : null };
    },

    /** An admin answers (and may close) a ticket; a closed ticket takes no more answers. */
    async reply(caller: AuthUser, id: number, body: FeedbackReplyBody): Promise<InboxTicket> {
      const status = body.status ?? 'answered';
      const row = await feedback.transaction(async (trx) => {
        const row = await feedback.lockForUpdate(trx, id);
        if (!row) throw ticketNotFound();
        if (row.status === 'closed') throw new ConflictError('This ticket is closed', undefined, 'conflict');
        const at = clock();
        await feedback.addReply(trx, { ticketId: id, authorId: caller.id, text: body.text, status, at });
        await recordAudit(trx, {
          actor: caller,
          action: status === 'closed' ? 'feedback_close' : 'feedback_reply',
          target: { type: 'feedback_ticket', id },
          reason: body.text,
          before: { status: row.status },
          after: { status },
          at,
        });
        return row;
      });
      await notifier.notify({ userId: row.user_id, ticketId: id, notice: status === 'closed' ? 'closed' : 'answered', reply: body.text });
      const updated = await feedback.byId(id);
      if (!updated) throw ticketNotFound();
      return (await withReplies([updated], toInboxTicket))[0]!;
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
