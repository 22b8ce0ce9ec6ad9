import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import { hmacHex, sha256Hex } from '../../core/crypto';
import type { DbRef } from '../../core/db/db-ref';
import type { SafetyTimerDbStage } from '../../core/db/tables/safety-timer';
import type { OutboxHandler, OutboxMessage } from '../../core/outbox';
import type { EventBus } from '../../core/realtime';
import type { SmsProvider } from '../../core/sms';
import type { NotificationsService } from '../notifications/notifications.service';
import { SOS_TOPICS } from '../sos/sos-delivery';
import { createSosRepository } from '../sos/sos.repository';
import { createSosService, SosEndedError } from '../sos/sos.service';
import { firstName } from '../sos/sos.texts';
import { createSafetyTimerRepository, type SafetyTimerRepository, type TimerRecord } from './safety-timer.repository';
import { SAFETY_TIMER_URL, timerTexts, type ContactAlertKind } from './safety-timer.texts';

export const SAFETY_TIMER_TOPICS = {
  /** One escalation step of a running timer: reminder, ask ("Are you OK?"), contacts, sos. */
  stage: 'safety_timer.stage',
  /** Written with every check-in, safe or duress alike; the handler tells them apart. */
  ended: 'safety_timer.ended',
  /** Too many wrong PINs: the contacts hear of it silently while the timer runs on. */
  silentAlert: 'safety_timer.silent_alert',
} as const;

export type EscalationStep = 'reminder' | 'ask' | 'contacts' | 'sos';

/** A contact's tracking link lives this long after the timer ends (its due time, or the duress check-in). */
export const LINK_AFTER_END_MS = 3600_000;

export type StageOffsets = Config['safetyTimer'];

/** The rank of a stage: a late job never moves a timer back. */
const STAGE_ORDER: readonly SafetyTimerDbStage[] = ['running', 'reminded', 'overdue', 'contacts_alerted', 'sos_raised'];
const STEP_STAGE: Record<EscalationStep, SafetyTimerDbStage> = { reminder: 'reminded', ask: 'overdue', contacts: 'contacts_alerted', sos: 'sos_raised' };
export const isLaterStage = (next: SafetyTimerDbStage, current: SafetyTimerDbStage) => STAGE_ORDER.indexOf(next) > STAGE_ORDER.indexOf(current);

/**
 * The escalation jobs of a timer due at `dueAt`, each at its own time. They carry the due
 * time they were planned for: an extension plans new ones and the old ones find the timer
 * moved and do nothing. Steps already taken (contacts alerted, SOS raised) are not planned again.
 */
export function escalationMessages(
  timer: Pick<TimerRecord, 'id' | 'contactsOnly' | 'contactsAlertedAt' | 'sosEventId'>,
  dueAt: Date,
  now: Date,
  offsets: StageOffsets,
): OutboxMessage[] {
  const due = dueAt.getTime();
  const steps: Array<[EscalationStep, number]> = [
    ['reminder', due - offsets.reminderBeforeMs],
    ['ask', due],
  ];
  if (!timer.contactsAlertedAt) steps.push(['contacts', due + offsets.contactsAfterMs]);
  if (!timer.contactsOnly && !timer.sosEventId) steps.push(['sos', due + offsets.contactsAfterMs + offsets.sosAfterMs]);
  return steps
    .filter(([step, at]) => step !== 'reminder' || (offsets.reminderBeforeMs > 0 && at > now.getTime()))
    .map(([step, at]) => ({
      topic: SAFETY_TIMER_TOPICS.stage,
      payload: { timerId: timer.id, step, dueAtMs: due },
      dedupeKey: `safety_timer:${timer.id}:${step}:${due}`,
      dueAt: new Date(at),
    }));
}

export const endedMessage = (timerId: number, now: Date): OutboxMessage => ({
  topic: SAFETY_TIMER_TOPICS.ended,
  payload: { timerId },
  dedupeKey: `safety_timer:${timerId}:ended`,
  dueAt: now,
});

export const silentAlertMessage = (timerId: number, now: Date): OutboxMessage => ({
  topic: SAFETY_TIMER_TOPICS.silentAlert,
  payload: { timerId },
  dedupeKey: `safety_timer:${timerId}:silent`,
  dueAt: now,
});

/** A contact's link token, derived (HMAC) from the timer and their number: a retried alert carries the same link; only its hash is stored. */
export function timerLinkToken(secret: string, timerId: number, phone: string): string {
  return Buffer.from(hmacHex(secret, `safety-timer-track:${timerId}:${phone}`), 'hex').toString('base64url');
}

export interface SafetyTimerDeliveryDeps {
  dbRef: DbRef;
  notifications: NotificationsService;
  bus: EventBus;
  clock: Clock;
  config: Pick<Config, 'safetyTimer' | 'sos' | 'publicUrl'>;
  secret: string;
  sms: SmsProvider;
  /** Wakes the outbox after the SOS stage raised an alert. */
  kick: () => void;
  log: { warn(obj: object, msg: string): void };
}

export function createSafetyTimerHandlers(deps: SafetyTimerDeliveryDeps): Record<string, OutboxHandler> {
  const { notifications, config, secret, log } = deps;
  const timers: SafetyTimerRepository = createSafetyTimerRepository(deps.dbRef);
  // The SOS stage raises a real SOS through the SOS feature's own service (its ladder, its rate limit).
  const sos = createSosService({
    sos: createSosRepository(deps.dbRef),
    bus: deps.bus,
    clock: deps.clock,
    radiiM: config.sos.radiiM,
    maxPerWindow: config.sos.maxPerWindow,
    kick: deps.kick,
    log,
  });

  /**
   * Sends at once (an alert must not queue behind older work); a text the gateway refused becomes
   * an SMS job of the outbox, retried with backoff there, so nobody is texted twice and none is lost.
   */
  async function sendSms(messages: ReadonlyArray<{ to: string; text: string; dedupeKey: string }>, now: Date): Promise<void> {
    const failed: OutboxMessage[] = [];
    await Promise.all(
      messages.map(async (m) => {
        try {
          await deps.sms.send({ to: m.to, text: m.text });
        } catch (error) {
          log.warn({ reason: String(error) }, 'safety timer SMS failed; queued for a retry');
          failed.push({ topic: SOS_TOPICS.sms, payload: { to: m.to, text: m.text }, dedupeKey: m.dedupeKey, dueAt: now });
        }
      }),
    );
    await timers.enqueue(failed);
  }

  async function notifyOwner(timer: TimerRecord, step: 'reminder' | 'ask', dueAtMs: number): Promise<void> {
    const language = timer.ownerLanguage;
    const minutes = Math.max(1, Math.round(config.safetyTimer.reminderBeforeMs / config.safetyTimer.minuteMs));
    await notifications.deliver([
      {
        userId: timer.userId,
        type: step === 'reminder' ? 'safety_timer.reminder' : 'safety_timer.check',
        ...(step === 'reminder' ? timerTexts.reminder(language, minutes) : timerTexts.check(language)),
        data: { url: SAFETY_TIMER_URL, timerId: timer.id, actionTitle: timerTexts.openTimer(language) },
        dedupeKey: `safety_timer:${timer.id}:${step}:${dueAtMs}`,
      },
    ]);
  }

  /**
   * SMS (through the outbox's SMS jobs, once per number) and, for contacts who use the app, an
   * in-app notification with a push. The link shows the newest position the phone sent; with
   * none known the SMS says so instead of carrying a link to nothing.
   */
  async function alertContacts(timer: TimerRecord, kind: ContactAlertKind, now: Date, linkExpiresAt: Date): Promise<void> {
    const contacts = await timers.contactsOf(timer);
    const tokenOf = (phone: string) => (timer.location ? timerLinkToken(secret, timer.id, phone) : null);
    await timers.upsertLinks(
      timer.id,
      contacts.flatMap((c) => {
        const token = tokenOf(c.phone);
        return token ? [{ tokenHash: sha256Hex(token), name: c.name, phone: c.phone }] : [];
      }),
      linkExpiresAt,
    );
    const owner = firstName(timer.ownerName);
    await sendSms(
      contacts.map((c) => {
        const token = tokenOf(c.phone);
        const link = token ? `${config.publicUrl}/track/${token}` : null;
        return {
          to: c.phone,
          text: timerTexts.contactSms(c.language ?? timer.ownerLanguage, kind, owner, timer.destination, link),
          dedupeKey: `safety_timer:${timer.id}:${kind}:sms:${c.phone}`,
        };
      }),
      now,
    );
    await notifications.deliver(
      contacts.flatMap((c) => {
        if (c.userId === null || c.userId === timer.userId) return [];
        const language = c.language ?? timer.ownerLanguage;
        const token = tokenOf(c.phone);
        return [
          {
            userId: c.userId,
            type: `safety_timer.${kind}`,
            ...timerTexts.contactAlert(language, kind, owner),
            data: { url: token ? `/track/${token}` : '/notifications' },
            actorId: timer.userId,
            dedupeKey: `safety_timer:${timer.id}:${kind}`,
          },
        ];
      }),
    );
  }

  async function allClear(timer: TimerRecord, now: Date): Promise<void> {
    const contacts = await timers.contactsOf(timer);
    const owner = firstName(timer.ownerName);
    await sendSms(
      contacts.map((c) => ({
        to: c.phone,
        text: timerTexts.allClearSms(c.language ?? timer.ownerLanguage, owner),
        dedupeKey: `safety_timer:${timer.id}:all_clear:sms:${c.phone}`,
      })),
      now,
    );
    await notifications.deliver(
      contacts.flatMap((c) =>
        c.userId === null || c.userId === timer.userId
          ? []
          : [
              {
                userId: c.userId,
                type: 'safety_timer.all_clear',
                ...timerTexts.allClear(c.language ?? timer.ownerLanguage, owner),
                data: { url: '/notifications' },
                actorId: timer.userId,
                dedupeKey: `safety_timer:${timer.id}:all_clear`,
              },
            ],
      ),
    );
  }

  const stage: OutboxHandler = async (payload, { now }) => {
    const step = String(payload.step) as EscalationStep;
    const dueAtMs = Number(payload.dueAtMs);
    const timer = await timers.find(Number(payload.timerId));
    // Checked in or extended since this job was planned: nothing to do.
    if (!timer || timer.status !== 'running' || timer.dueAt.getTime() !== dueAtMs) return;
    const next = STEP_STAGE[step];
    if (step === 'reminder' || step === 'ask') {
      await notifyOwner(timer, step, dueAtMs);
      if (isLaterStage(next, timer.stage)) await timers.setStage(timer.id, next);
      return;
    }
    if (step === 'contacts') {
      if (timer.contactsAlertedAt) return;
      await alertContacts(timer, 'overdue', now, new Date(dueAtMs + LINK_AFTER_END_MS));
      await timers.setStage(timer.id, next, { contactsAlertedAt: now });
      return;
    }
    if (timer.sosEventId || timer.contactsOnly) return;
    if (!timer.location) {
      log.warn({ timerId: timer.id }, 'safety timer: no position known, so no SOS to volunteers; the contacts were alerted');
      return;
    }
    const { view } = await sos.raise(timer.userId, {
      latitude: timer.location.latitude,
      longitude: timer.location.longitude,
      accuracy: timer.location.accuracy ?? undefined,
      contactsOnly: false,
    });
    await timers.setStage(timer.id, next, { sosEventId: view.id });
  };

  /** A check-in: duress alerts the contacts silently; a safe one after an alert tells them all is clear. */
  const ended: OutboxHandler = async (payload, { now }) => {
    const timer = await timers.find(Number(payload.timerId));
    if (!timer || timer.status !== 'ended') return;
    if (timer.endReason === 'duress') {
      await timers.markSilentAlert(deps.dbRef.db, timer.id, now);
      await alertContacts(timer, 'silent', now, new Date((timer.endedAt ?? now).getTime() + LINK_AFTER_END_MS));
      return;
    }
    if (timer.contactsAlertedAt || timer.silentAlertAt) await allClear(timer, now);
    await timers.revokeLinks(timer.id, now);
    if (timer.sosEventId) {
      await sos.end(timer.userId, timer.sosEventId, 'cancelled').catch((error: unknown) => {
        if (!(error instanceof SosEndedError)) throw error;
      });
    }
  };

  const silentAlert: OutboxHandler = async (payload, { now }) => {
    const timer = await timers.find(Number(payload.timerId));
    if (!timer) return;
    await alertContacts(timer, 'silent', now, new Date(Math.max(timer.dueAt.getTime(), now.getTime()) + LINK_AFTER_END_MS));
  };

  return { [SAFETY_TIMER_TOPICS.stage]: stage, [SAFETY_TIMER_TOPICS.ended]: ended, [SAFETY_TIMER_TOPICS.silentAlert]: silentAlert };
}
