import { sql, type Kysely, type Transaction } from 'kysely';
import type { SmsStatus } from '@saathi/shared';
import type { DbRef } from '../db/db-ref';
import type { Database } from '../db/schema';
import { traceContextJson } from '../tracing';
import type { SmsMessage } from './sms-provider';

type Db = Kysely<Database> | Transaction<Database>;

/** A message to write: the filled template, its dedupe key and what it belongs to. */
export interface OutgoingSms {
  message: SmsMessage;
  /** One SMS per key, however often its producer runs (retries, a restart). */
  dedupeKey: string;
  sosNotificationId?: number;
  safetyTimerId?: number;
}

/** A written message and its outbox job, leased to the writer so it may send at once. */
export interface WrittenSms {
  smsId: number;
  jobId: number;
  message: SmsMessage;
  sosNotificationId: number | null;
  safetyTimerId: number | null;
}

export interface StoredSms {
  id: number;
  toPhone: string;
  template: string;
  language: string;
  variables: Record<string, string> | null;
  status: SmsStatus;
  providerMessageId: string | null;
  sosNotificationId: number | null;
  safetyTimerId: number | null;
}

/**
 * How far a status is along: a receipt never moves a message back (receipts may come out of
 * order, or twice), and the three endings are final.
 */
const STATUS_RANK_SQL = sql`CASE status WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 ELSE 2 END`;
const rankOf = (status: SmsStatus) => (status === 'queued' ? 0 : status === 'sent' ? 1 : 2);

export function createSmsRepository(ref: DbRef) {
  return {
    /**
     * Writes each message and its outbox job in one statement each, in the producer's
     * transaction. A message whose dedupe key exists is not written again (nor returned): its
     * own job already carries it. The jobs come back leased to `workerId` with their first
     * attempt counted, so the writer can send them at once and the outbox takes over only
     * what it could not send (or everything, should the writer die).
     */
    async write(db: Db, items: readonly OutgoingSms[], topic: string, workerId: string, leaseUntil: Date): Promise<WrittenSms[]> {
      if (items.length === 0) return [];
      const written = await db
        .insertInto('sms_messages')
        .values(
          items.map((item) => ({
            dedupe_key: item.dedupeKey,
            sos_notification_id: item.sosNotificationId ?? null,
            safety_timer_id: item.safetyTimerId ?? null,
            to_phone: item.message.to,
            template: item.message.template.name,
            language: item.message.template.language,
            variables: JSON.stringify(item.message.template.variables),
          })),
        )
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', 'dedupe_key'])
        .execute();
      if (written.length === 0) return [];
      const jobs = await sql<{ id: string | number; sms_id: string | number }>`
        INSERT INTO outbox (topic, payload, dedupe_key, attempts, next_attempt_at, locked_until, locked_by, trace_context)
        SELECT ${topic}, jsonb_build_object('smsId', m.id), 'sms:' || m.id, 1, ${leaseUntil}, ${leaseUntil}, ${workerId}, ${traceContextJson()}::jsonb
        FROM unnest(${written.map((w) => w.id)}::bigint[]) AS m(id)
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id, (payload->>'smsId')::bigint AS sms_id`.execute(db);
      const jobOf = new Map(jobs.rows.map((j) => [Number(j.sms_id), Number(j.id)]));
      const byKey = new Map(items.map((item) => [item.dedupeKey, item]));
      return written.flatMap((w) => {
        const item = byKey.get(w.dedupe_key);
        const jobId = jobOf.get(Number(w.id));
        if (!item || jobId === undefined) return [];
        return [
          {
            smsId: Number(w.id),
            jobId,
            message: item.message,
            sosNotificationId: item.sosNotificationId ?? null,
            safetyTimerId: item.safetyTimerId ?? null,
          },
        ];
      });
    },

    async find(id: number): Promise<StoredSms | undefined> {
      const row = await ref.db.selectFrom('sms_messages').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: Number(row.id),
        toPhone: row.to_phone,
        template: row.template,
        language: row.language,
        variables: (row.variables as Record<string, string> | null) ?? null,
        status: row.status,
        providerMessageId: row.provider_message_id,
        sosNotificationId: row.sos_notification_id === null ? null : Number(row.sos_notification_id),
        safetyTimerId: row.safety_timer_id === null ? null : Number(row.safety_timer_id),
      };
    },

    /**
     * A gateway took the message: who and under which id, and the link it carried is dropped.
     * Only a message no gateway took yet changes, so two senders racing record one outcome.
     */
    async accepted(
      db: Db,
      id: number,
      outcome: { provider: string; providerMessageId: string | null; status: 'queued' | 'sent' },
      attempts: number,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('sms_messages')
        .set({
          provider: outcome.provider,
          provider_message_id: outcome.providerMessageId,
          status: outcome.status,
          variables: null,
          attempts,
          last_error: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('provider', 'is', null)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A try that failed; `final` when no gateway will be tried again (the message failed). */
    async attemptFailed(id: number, error: string, attempts: number, final: boolean, now: Date): Promise<void> {
      await ref.db
        .updateTable('sms_messages')
        .set({ last_error: error.slice(0, 500), attempts, updated_at: now, ...(final ? { status: 'failed', variables: null } : {}) })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute();
    },

    /** Marks a job sent at once as done, in the transaction that records the gateway's answer. */
    async completeJob(db: Db, jobId: number, now: Date): Promise<void> {
      await db.updateTable('outbox').set({ status: 'delivered', delivered_at: now, locked_until: null, last_error: null }).where('id', '=', jobId).execute();
    },

    /** Hands a job sent at once that failed back to the outbox, due at `retryAt`. */
    async releaseJob(jobId: number, error: string, retryAt: Date): Promise<void> {
      await ref.db
        .updateTable('outbox')
        .set({ next_attempt_at: retryAt, locked_until: null, locked_by: null, last_error: error.slice(0, 2000) })
        .where('id', '=', jobId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Ends a job sent at once for good (every gateway refused the message). */
    async killJob(jobId: number, error: string): Promise<void> {
      await ref.db
        .updateTable('outbox')
        .set({ status: 'dead', locked_until: null, last_error: error.slice(0, 2000) })
        .where('id', '=', jobId)
        .execute();
    },

    /**
     * A delivery receipt: moves the message forward, never back; a replayed or late receipt and
     * one for a message we do not know change nothing. Returns what it belongs to when it moved.
     */
    async applyReceipt(
      provider: string,
      providerMessageId: string,
      status: SmsStatus,
      error: string | null,
      now: Date,
    ): Promise<{ sosNotificationId: number | null; safetyTimerId: number | null } | undefined> {
      const row = await ref.db
        .updateTable('sms_messages')
        .set({ status, updated_at: now, ...(error ? { last_error: error.slice(0, 500) } : {}) })
        .where('provider', '=', provider)
        .where('provider_message_id', '=', providerMessageId)
        .where(sql<boolean>`${STATUS_RANK_SQL} < ${rankOf(status)}`)
        .returning(['sos_notification_id', 'safety_timer_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sosNotificationId: row.sos_notification_id === null ? null : Number(row.sos_notification_id),
        safetyTimerId: row.safety_timer_id === null ? null : Number(row.safety_timer_id),
      };
    },

    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
