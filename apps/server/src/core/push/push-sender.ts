import type { PushPayload } from '@saathi/shared';
import type { Clock } from '../clock';
import { createInThreadTransport, type PushTransport } from './push-transport';
import type { PushSubscriptionsRepository, WebPushSubscriptionRow } from './push-subscriptions.repository';
import type { VapidKeys } from './vapid-keys';
import { createVapidTokens } from './vapid-token';

/**
 * Per user: 'sent' (a push service accepted it, or every subscription is gone for good),
 * 'none' (no subscription: the in-app row is all they get), 'retry' (only transient
 * failures: try again later).
 */
export type PushOutcome = 'sent' | 'none' | 'retry';

export type OutcomeListener = (userId: number, outcome: PushOutcome) => void;

export interface PushSender {
  readonly enabled: boolean;
  readonly publicKey: string;
  /**
   * Sends each user's payload to all of their subscriptions. `onOutcome` is called for a
   * user as soon as their last subscription answered, so callers can record progress
   * message by message instead of after the slowest one.
   */
  sendToUsers(messages: ReadonlyMap<number, PushPayload>, onOutcome?: OutcomeListener): Promise<Map<number, PushOutcome>>;
  close(): Promise<void>;
}

export interface PushSenderOptions {
  subscriptions: PushSubscriptionsRepository;
  vapid: VapidKeys;
  subject: string;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
  /** Where encryption and HTTP happen (a worker thread in the server); in-thread by default. */
  transport?: PushTransport;
  timeoutMs?: number;
  /** Told how each push service answered: accepted, gone (410/404), refused for good, or to try again. */
  count?: (outcome: 'ok' | 'expired' | 'refused' | 'failed', n: number) => void;
}

/** An SOS is urgent and stale after a day. */
const TTL_SECONDS = 24 * 3600;

type Attempt = { sub: WebPushSubscriptionRow; result: 'ok' | 'gone' | 'permanent' | 'transient'; detail?: string };

/** How an attempt is counted (saathi_notifications_total): a gone subscription expired, it did not fail. */
const OUTCOME_OF = { ok: 'ok', gone: 'expired', permanent: 'refused', transient: 'failed' } as const;

/** Web Push (RFC 8030/8291/8292): aes128gcm payloads encrypted per message, cached VAPID authorization, keep-alive HTTP. */
export function createWebPushSender(options: PushSenderOptions): PushSender {
  const { subscriptions, vapid, subject, clock, log } = options;
  const transport = options.transport ?? createInThreadTransport(options.timeoutMs ?? 10_000);
  // One token per push service origin for 11 of its 12 hours; the push service checks it
  // against real time, whatever clock the app runs on.
  const vapidTokens = createVapidTokens({ keys: vapid, subject });

  async function deliver(sub: WebPushSubscriptionRow, payload: PushPayload): Promise<Attempt> {
    const response = await transport.send({
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      payload: JSON.stringify(payload),
      headers: {
        authorization: vapidTokens.authorization(sub.endpoint),
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        ttl: String(TTL_SECONDS),
        urgency: payload.sosEventId === null ? 'normal' : 'high',
      },
    });
    if ('error' in response) {
      // Bad keys throw while encrypting: retrying cannot help. Network trouble can.
      const permanent = /public key|auth|invalid|unsupported push endpoint/i.test(response.error) && !/timed out|ECONN|socket|worker/i.test(response.error);
      return { sub, result: permanent ? 'permanent' : 'transient', detail: response.error };
    }
    const { status } = response;
    if (status >= 200 && status < 300) return { sub, result: 'ok' };
    if (status === 404 || status === 410) return { sub, result: 'gone' };
    const transient = status === 429 || status >= 500;
    return { sub, result: transient ? 'transient' : 'permanent', detail: `HTTP ${status}` };
  }

  return {
    enabled: true,
    publicKey: vapid.publicKey,
    async sendToUsers(messages, onOutcome) {
      const outcomes = new Map<number, PushOutcome>();
      const subs = await subscriptions.listWebPush([...messages.keys()]);
      const remaining = new Map<number, number>();
      for (const sub of subs) remaining.set(sub.userId, (remaining.get(sub.userId) ?? 0) + 1);
      for (const userId of messages.keys()) {
        if (remaining.has(userId)) continue;
        outcomes.set(userId, 'none');
        onOutcome?.(userId, 'none');
      }
      const byUser = new Map<number, Attempt[]>();
      const settle = (attempt: Attempt) => {
        const userId = attempt.sub.userId;
        const list = [...(byUser.get(userId) ?? []), attempt];
        byUser.set(userId, list);
        if (list.length < (remaining.get(userId) ?? 0)) return;
        const anyOk = list.some((a) => a.result === 'ok');
        const anyTransient = list.some((a) => a.result === 'transient');
        const outcome: PushOutcome = anyOk || !anyTransient ? 'sent' : 'retry';
        outcomes.set(userId, outcome);
        onOutcome?.(userId, outcome);
      };
      const attempts = await Promise.all(
        subs.map(async (sub) => {
          const attempt = await deliver(sub, messages.get(sub.userId) as PushPayload);
          settle(attempt);
          return attempt;
        }),
      );
      if (options.count) {
        const tally = { ok: 0, expired: 0, refused: 0, failed: 0 };
        for (const a of attempts) tally[OUTCOME_OF[a.result]] += 1;
        for (const [outcome, n] of Object.entries(tally)) if (n > 0) options.count(outcome as keyof typeof tally, n);
      }
      const failedOnes = attempts.filter((a) => a.result === 'transient' || a.result === 'permanent');
      if (failedOnes.length > 0) {
        log.warn({ failed: failedOnes.length, sample: failedOnes[0]?.detail }, 'some push messages were not accepted');
      }
      await subscriptions.deleteByIds(attempts.filter((a) => a.result === 'gone').map((a) => a.sub.id));
      await subscriptions.recordOutcome(
        // Only a recovery is worth a write; a fan-out to 1,000 healthy subscriptions writes nothing.
        attempts.filter((a) => a.result === 'ok' && a.sub.failureCount > 0).map((a) => a.sub.id),
        failedOnes.map((a) => a.sub.id),
        clock(),
      );
      return outcomes;
    },
    close: () => transport.close(),
  };
}

/** PUSH_PROVIDER=none: notifications stay in-app only. */
export function createDisabledPushSender(publicKey: string): PushSender {
  return {
    enabled: false,
    publicKey,
    async sendToUsers(messages, onOutcome) {
      for (const userId of messages.keys()) onOutcome?.(userId, 'none');
      return new Map([...messages.keys()].map((userId) => [userId, 'none' as const]));
    },
    async close() {},
  };
}
