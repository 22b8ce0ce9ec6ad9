import type { FeedbackCategory, FeedbackStatus } from '@saathi/shared';
import { sql, type Transaction } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';

export interface TicketRow {
  id: number;
  user_id: number;
  user_name: string | null;
  category: FeedbackCategory;
  text: string;
  diagnostics: Record<string, unknown>;
  screenshot_url: string | null;
  status: FeedbackStatus;
  created_at: Date;
}

export interface ReplyRow {
  id: number;
  ticket_id: number;
  author_id: number | null;
  author_name: string | null;
  text: string;
  created_at: Date;
}

export interface NewTicket {
  userId: number;
  clientId: string | null;
  category: FeedbackCategory;
  text: string;
  diagnostics: Record<string, unknown>;
  screenshot: { key: string; url: string } | null;
}

const TICKET_COLUMNS = sql`t.id, t.user_id, u.name AS user_name, t.category, t.text, t.diagnostics, t.screenshot_url, t.status, t.created_at`;

/** Feedback tickets and their replies (migration 0024). */
export function createFeedbackRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /** The new ticket's id; undefined when this sender stored a ticket with this client id already. */
    async insert(ticket: NewTicket): Promise<number | undefined> {
      const row = await ref.db
        .insertInto('feedback_tickets')
        .values({
          user_id: ticket.userId,
          client_id: ticket.clientId,
          category: ticket.category,
          text: ticket.text,
          diagnostics: JSON.stringify(ticket.diagnostics),
          screenshot_key: ticket.screenshot?.key ?? null,
          screenshot_url: ticket.screenshot?.url ?? null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The ticket a sender stored under this client id (the unique (user_id, client_id) index). */
    async byClientId(userId: number, clientId: string): Promise<{ id: number; status: FeedbackStatus } | undefined> {
      return ref.db.selectFrom('feedback_tickets').select(['id', 'status']).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
    },

    /** One sender's tickets, newest first (feedback_tickets_user_idx). */
    async mine(userId: number, limit: number): Promise<TicketRow[]> {
      const result = await sql<TicketRow>`
        SELECT ${TICKET_COLUMNS}
        FROM feedback_tickets t JOIN users u ON u.id = t.user_id
        WHERE t.user_id = ${userId}
        ORDER BY t.id DESC
        LIMIT ${limit}`.execute(ref.db);
      return result.rows;
    },

    /** The inbox, newest first, by status (feedback_tickets_status_idx) or all (the primary key). */
    async inbox({ status, beforeId, limit }: { status?: FeedbackStatus | undefined; beforeId?: number | undefined; limit: number }): Promise<TicketRow[]> {
      const conditions = [sql`TRUE`];
      if (status) conditions.push(sql`t.status = ${status}`);
      if (beforeId !== undefined) conditions.push(sql`t.id < ${beforeId}`);
      const result = await sql<TicketRow>`
        SELECT ${TICKET_COLUMNS}
        FROM feedback_tickets t JOIN users u ON u.id = t.user_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY t.id DESC
        LIMIT ${limit}`.execute(ref.db);
      return result.rows;
    },

    async byId(id: number, db: Transaction<Database> | undefined = undefined): Promise<TicketRow | undefined> {
      const result = await sql<TicketRow>`
        SELECT ${TICKET_COLUMNS}
        FROM feedback_tickets t JOIN users u ON u.id = t.user_id
        WHERE t.id = ${id}`.execute(db ?? ref.db);
      return result.rows[0];
    },

    /** Locks a ticket for an answer, so two admins answering at once are ordered. */
    async lockForUpdate(trx: Transaction<Database>, id: number): Promise<TicketRow | undefined> {
      const locked = await sql<{ id: number }>`SELECT id FROM feedback_tickets WHERE id = ${id} FOR UPDATE`.execute(trx);
      return locked.rows.length === 0 ? undefined : this.byId(id, trx);
    },

    /** The replies of these tickets, oldest first (feedback_replies_ticket_idx). */
    async replies(ticketIds: readonly number[]): Promise<ReplyRow[]> {
      if (ticketIds.length === 0) return [];
      const result = await sql<ReplyRow>`
        SELECT r.id, r.ticket_id, r.author_id, u.name AS author_name, r.text, r.created_at
        FROM feedback_replies r LEFT JOIN users u ON u.id = r.author_id
        WHERE r.ticket_id = ANY(${ticketIds}::int[])
        ORDER BY r.ticket_id, r.id`.execute(ref.db);
      return result.rows;
    },

    async addReply(trx: Transaction<Database>, reply: { ticketId: number; authorId: number; text: string; status: FeedbackStatus; at: Date }): Promise<void> {
      await trx
        .insertInto('feedback_replies')
        .values({ ticket_id: reply.ticketId, author_id: reply.authorId, text: reply.text, created_at: reply.at })
        .execute();
      await trx.updateTable('feedback_tickets').set({ status: reply.status, updated_at: reply.at }).where('id', '=', reply.ticketId).execute();
    },

    /** The sender a notice goes to, in their language. */
    async sender(userId: number): Promise<{ id: number; language: string } | undefined> {
      return ref.db.selectFrom('users').select(['id', 'language']).where('id', '=', userId).executeTakeFirst();
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
