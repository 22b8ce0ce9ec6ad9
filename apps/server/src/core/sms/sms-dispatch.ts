import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { isLanguage } from '@saathi/shared';
import { SMS_TEMPLATE_NAMES, fillSmsTemplate, type SmsTemplateName, type SmsVariables } from '@saathi/shared/sms';
import type { Clock } from '../clock';
import type { DbRef } from '../db/db-ref';
import type { Database } from '../db/schema';
import { backoffMs, PermanentJobError, type OutboxHandler } from '../outbox';
import { createSmsRepository, type OutgoingSms, type StoredSms, type WrittenSms } from './sms.repository';
import { SmsGatewayError, type SmsAccepted, type SmsMessage, type SmsProvider } from './sms-provider';

/** The outbox topic of an SMS that was not sent at once (a retry, a restart). */
export const SMS_TOPIC = 'sms.send';

/** Tries of the first gateway before the fallback takes over (then they take turns). */
const PRIMARY_TRIES = 2;

export interface SmsGateways {
  primary: SmsProvider;
  /** SMS_FALLBACK_PROVIDER: tried when the first refuses, or after it failed twice. */
  fallback: SmsProvider | null;
}

export interface SmsDispatchDeps {
  dbRef: DbRef;
  gateways: SmsGateways;
  clock: Clock;
  /**
   * How long the writer holds the jobs it sends at once before the outbox may take them: longer
   * than a try can last (two gateways' timeouts), short enough that a crash delays an alert little.
   */
  sendNowLeaseMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * Runs in the transaction that records a gateway taking a message, for the feature it
   * belongs to (the SOS marks its contact reached, so the all-clear follows).
   */
  onAccepted?: (trx: Transaction<Database>, sms: { sosNotificationId: number | null; safetyTimerId: number | null }, now: Date) => Promise<void>;
  /** Told how each gateway answered a try: took it, refused it for good, or failed (try again). */
  count?: (outcome: 'ok' | 'refused' | 'failed') => void;
}

/** The gateway for a try: the first, then after two failures the fallback and the first in turn. */
export function gatewayFor(attempt: number, gateways: SmsGateways): SmsProvider {
  const { primary, fallback } = gateways;
  if (!fallback || attempt <= PRIMARY_TRIES) return primary;
  return (attempt - PRIMARY_TRIES) % 2 === 1 ? fallback : primary;
}

type TryOutcome = { ok: true; gateway: SmsProvider; accepted: SmsAccepted } | { ok: false; error: string; permanent: boolean };

/**
 * Sends the SMS that carry alerts, and keeps what became of each (sms_messages, migration
 * 0035). A producer writes its messages in its own transaction (`write`) and sends them at
 * once (`sendNow`): an alert does not queue behind older work. What could not be sent stays
 * an outbox job (`handler`) that retries with backoff, moving to the fallback gateway. A
 * message a gateway took is never sent again: its id is recorded with the job's completion,
 * and every try first checks that no gateway took it.
 */
export function createSmsDispatch(deps: SmsDispatchDeps) {
  const { gateways, clock, log } = deps;
  const sms = createSmsRepository(deps.dbRef);
  const workerId = `sms-${process.pid}-${randomBytes(3).toString('hex')}`;

  /** One try: the gateway for this attempt, and the fallback at once when the first refuses the message for good. */
  async function tryOnce(message: SmsMessage, attempt: number): Promise<TryOutcome> {
    const first = gatewayFor(attempt, gateways);
    const order = [first];
    const other = first === gateways.primary ? gateways.fallback : gateways.primary;
    const errors: string[] = [];
    for (let i = 0; i < order.length; i += 1) {
      const gateway = order[i] as SmsProvider;
      try {
        const accepted = await gateway.send(message);
        deps.count?.('ok');
        return { ok: true, gateway, accepted };
      } catch (error) {
        const permanent = error instanceof SmsGatewayError && error.permanent;
        deps.count?.(permanent ? 'refused' : 'failed');
        errors.push(`${gateway.name}: ${error instanceof Error ? error.message : String(error)}`);
        if (permanent && other && !order.includes(other)) order.push(other);
        else return { ok: false, error: errors.join('; '), permanent: permanent && (!other || order.includes(other)) };
      }
    }
    return { ok: false, error: errors.join('; '), permanent: true };
  }

  async function recordAccepted(
    item: { smsId: number; jobId?: number; sosNotificationId: number | null; safetyTimerId: number | null },
    outcome: TryOutcome & { ok: true },
    attempt: number,
  ) {
    const now = clock();
    await sms.transaction(async (trx) => {
      const took = await sms.accepted(trx, item.smsId, { provider: outcome.gateway.name, ...outcome.accepted }, attempt, now);
      if (item.jobId !== undefined) await sms.completeJob(trx, item.jobId, now);
      if (took && deps.onAccepted) await deps.onAccepted(trx, item, now);
    });
  }

  /** The message a stored row stands for, or undefined when it cannot be made any more. */
  function messageOf(row: StoredSms): SmsMessage | undefined {
    if (!row.variables || !isLanguage(row.language) || !SMS_TEMPLATE_NAMES.includes(row.template as SmsTemplateName)) return undefined;
    return fillSmsTemplate(row.toPhone, row.template as SmsTemplateName, row.language, row.variables as SmsVariables<SmsTemplateName>);
  }

  return {
    workerId,

    /** Writes messages and their jobs in the producer's transaction; send the result with `sendNow` after it commits. */
    write(trx: Transaction<Database> | DbRef['db'], items: readonly OutgoingSms[]): Promise<WrittenSms[]> {
      return sms.write(trx, items, SMS_TOPIC, workerId, new Date(clock().getTime() + deps.sendNowLeaseMs));
    },

    /** First try of freshly written messages, side by side; what fails goes back to the outbox. */
    async sendNow(written: readonly WrittenSms[]): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      await Promise.all(
        written.map(async (item) => {
          const outcome = await tryOnce(item.message, 1);
          if (outcome.ok) {
            await recordAccepted(item, outcome, 1);
            sent += 1;
            return;
          }
          failed += 1;
          log.warn({ smsId: item.smsId, template: item.message.template.name, reason: outcome.error }, 'SMS not sent; the outbox retries it');
          await sms.attemptFailed(item.smsId, outcome.error, 1, outcome.permanent, clock());
          if (outcome.permanent) await sms.killJob(item.jobId, outcome.error);
          else await sms.releaseJob(item.jobId, outcome.error, new Date(clock().getTime() + backoffMs(1)));
        }),
      );
      return { sent, failed };
    },

    /**
     * A code someone is waiting for (login, account deletion): not kept, not retried later. The
     * first gateway, then at once the fallback whatever the first one's reason; throws when
     * neither took it, so the screen can say so.
     */
    async sendCode(message: SmsMessage): Promise<void> {
      const candidates = [gateways.primary, ...(gateways.fallback ? [gateways.fallback] : [])];
      const errors: string[] = [];
      for (const gateway of candidates) {
        try {
          await gateway.send(message);
          deps.count?.('ok');
          return;
        } catch (error) {
          deps.count?.(error instanceof SmsGatewayError && error.permanent ? 'refused' : 'failed');
          errors.push(`${gateway.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      throw new Error(errors.join('; '));
    },

    /** The outbox's handler for SMS_TOPIC: one more try, on the gateway its attempt number picks. */
    handler: (async (payload, { job }) => {
      const row = await sms.find(Number(payload.smsId));
      // Gone with its alert (an account deleted), or a gateway took it already: nothing to send.
      if (!row || row.status !== 'queued' || row.providerMessageId !== null) return;
      const message = messageOf(row);
      if (!message) throw new PermanentJobError(`SMS ${row.id} cannot be made from what is stored`);
      const outcome = await tryOnce(message, job.attempts);
      if (outcome.ok) {
        await recordAccepted({ smsId: row.id, sosNotificationId: row.sosNotificationId, safetyTimerId: row.safetyTimerId }, outcome, job.attempts);
        return;
      }
      const final = outcome.permanent || job.attempts >= job.maxAttempts;
      await sms.attemptFailed(row.id, outcome.error, job.attempts, final, clock());
      if (final) log.error({ smsId: row.id, template: row.template, attempts: job.attempts, reason: outcome.error }, 'SMS failed: no gateway took it');
      throw outcome.permanent ? new PermanentJobError(outcome.error) : new Error(outcome.error);
    }) satisfies OutboxHandler,

    /** A delivery receipt from `provider` (see the receipt routes). */
    applyReceipt: (provider: string, providerMessageId: string, status: StoredSms['status'], error: string | null) =>
      sms.applyReceipt(provider, providerMessageId, status, error, clock()),
  };
}

export type SmsDispatch = ReturnType<typeof createSmsDispatch>;
