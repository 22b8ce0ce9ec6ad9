import type { DbRef } from '../../core/db/db-ref';

/** Single-use stream tickets; only SHA-256 hashes are stored. */
export function createEventTicketsRepository(ref: DbRef) {
  return {
    async create(userId: number, ticketHash: string, now: Date, expiresAt: Date): Promise<void> {
      await ref.db.insertInto('event_stream_tickets').values({ user_id: userId, ticket_hash: ticketHash, created_at: now, expires_at: expiresAt }).execute();
      // Spent and expired tickets are worthless: sweep the caller's old ones as they make new ones.
      await ref.db.deleteFrom('event_stream_tickets').where('user_id', '=', userId).where('expires_at', '<', now).execute();
    },

    /** Spends the ticket: one UPDATE, so two streams can never open with the same ticket. */
    async redeem(ticketHash: string, now: Date): Promise<number | undefined> {
      const row = await ref.db
        .updateTable('event_stream_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type EventTicketsRepository = ReturnType<typeof createEventTicketsRepository>;
