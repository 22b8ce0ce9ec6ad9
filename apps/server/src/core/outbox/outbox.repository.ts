import { sql, type Kysely, type Transaction } from 'kysely';
import type { DbRef } from '../db/db-ref';
import type { Database } from '../db/schema';
import { traceContextJson } from '../tracing';

export interface OutboxMessage {
  topic: string;
  payload: Record<string, unknown>;
  /** Enqueueing the same key twice keeps the first row (idempotent producers). */
  dedupeKey?: string;
  /** When the work becomes due; now when omitted. */
  dueAt: Date;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  /** Including this one. */
  attempts: number;
  maxAttempts: number;
  /** When it was due: its first try's lateness is measured from here. */
  dueAt: Date;
  /** The trace context it was enqueued in (core/tracing), or null. */
  traceContext?: unknown;
}

/** Written in the producer's transaction, so the work exists exactly when its event does. */
export async function enqueue(trx: Kysely<Database> | Transaction<Database>, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const traceContext = traceContextJson();
  await trx
    .insertInto('outbox')
    .values(
      messages.map((m) => ({
        topic: m.topic,
        payload: JSON.stringify(m.payload),
        dedupe_key: m.dedupeKey ?? null,
        next_attempt_at: m.dueAt,
        trace_context: traceContext,
        ...(m.maxAttempts ? { max_attempts: m.maxAttempts } : {}),
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export function createOutboxRepository(ref: DbRef) {
  return {
    /**
     * Leases up to `limit` due rows to `workerId`. SKIP LOCKED lets several processes claim
     * side by side; the lease (locked_until) hands a row to another worker if its claimer
     * died, which is how work resumes after a crash.
     */
    async claim(now: Date, leaseUntil: Date, workerId: string, limit: number): Promise<ClaimedJob[]> {
      const result = await sql<{
        id: number;
        topic: string;
        payload: Record<string, unknown>;
        attempts: number;
        max_attempts: number;
        due_at: Date | string;
        trace_context: unknown;
      }>`
        UPDATE outbox SET locked_until = ${leaseUntil}, locked_by = ${workerId}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM outbox
          WHERE status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, topic, payload, attempts, max_attempts, next_attempt_at AS due_at, trace_context`.execute(ref.db);
      return result.rows
        .map((r) => ({
          id: Number(r.id),
          topic: r.topic,
          payload: r.payload,
          attempts: r.attempts,
          maxAttempts: r.max_attempts,
          dueAt: new Date(r.due_at),
          traceContext: r.trace_context,
        }))
        .sort((a, b) => a.id - b.id);
    },

    /** Keeps the rows of a long-running round leased to their worker. */
    async extendLease(ids: readonly number[], workerId: string, leaseUntil: Date): Promise<void> {
      if (ids.length === 0) return;
      await ref.db
        .updateTable('outbox')
        .set({ locked_until: leaseUntil })
        .where('id', '=', sql<number>`ANY(${[...ids]}::bigint[])`)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Frees every lease. Only safe when no other worker can be alive: an embedded database
     * is opened by one process, so at its start every lease belongs to a dead one.
     */
    async releaseAllLeases(): Promise<number> {
      const result = await ref.db
        .updateTable('outbox')
        .set({ locked_until: null })
        .where('status', '=', 'pending')
        .where('locked_until', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Gives claimed rows back at once, their attempt uncounted: their worker is shutting down
     * and stopped them itself, so they need not wait for the lease to run out.
     */
    async release(ids: readonly number[], workerId: string): Promise<void> {
      if (ids.length === 0) return;
      await ref.db
        .updateTable('outbox')
        .set({ locked_until: null, locked_by: null, attempts: sql<number>`greatest(attempts - 1, 0)` })
        .where('id', '=', sql<number>`ANY(${[...ids]}::bigint[])`)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'pending')
        .execute();
    },

    async complete(ids: readonly number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await ref.db
        .updateTable('outbox')
        .set({ status: 'delivered', delivered_at: now, locked_until: null, last_error: null })
        .where('id', '=', sql<number>`ANY(${[...ids]}::bigint[])`)
        .execute();
    },

    async fail(id: number, error: string, retryAt: Date | null): Promise<void> {
      await ref.db
        .updateTable('outbox')
        .set({
          status: retryAt ? 'pending' : 'dead',
          next_attempt_at: retryAt ?? sql<Date>`next_attempt_at`,
          locked_until: null,
          last_error: error.slice(0, 2000),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The queue at a glance (metrics and the status screen): due and not taken, taken under a
     * lease, failed for good in the last day, and how long the oldest due job has waited.
     */
    async stats(now: Date): Promise<{ due: number; running: number; failed: number; lagSeconds: number }> {
      const dayAgo = new Date(now.getTime() - 24 * 3600_000);
      const result = await sql<{ due: number; running: number; oldest: Date | string | null; failed: number }>`
        SELECT
          count(*) FILTER (WHERE next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})) AS due,
          count(*) FILTER (WHERE locked_until > ${now}) AS running,
          min(next_attempt_at) FILTER (WHERE next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})) AS oldest,
          (SELECT count(*) FROM outbox WHERE status = 'dead' AND created_at >= ${dayAgo}) AS failed
        FROM outbox WHERE status = 'pending'`.execute(ref.db);
      const row = result.rows[0];
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      return {
        due: Number(row?.due ?? 0),
        running: Number(row?.running ?? 0),
        failed: Number(row?.failed ?? 0),
        lagSeconds: oldest === undefined ? 0 : Math.max(0, now.getTime() - oldest) / 1000,
      };
    },

    /**
     * Forgets finished work, at most `limit` rows, oldest first: jobs delivered before
     * `deliveredBefore` and jobs that failed for good and were written before `deadBefore`.
     * Pending jobs are never touched. Rows another process is deleting are skipped (SKIP
     * LOCKED), so every process may prune at once. Returns how many rows went.
     */
    async prune(deliveredBefore: Date, deadBefore: Date, limit: number): Promise<number> {
      const result = await sql`
        DELETE FROM outbox WHERE id IN (
          SELECT id FROM outbox
          WHERE (status = 'delivered' AND delivered_at < ${deliveredBefore})
             OR (status = 'dead' AND created_at < ${deadBefore})
          ORDER BY id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )`.execute(ref.db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Rows that are due now and not leased (tests drain until this is zero). */
    async countDue(now: Date): Promise<number> {
      const row = await ref.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
