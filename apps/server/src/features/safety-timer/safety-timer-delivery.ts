import type { Transaction } from 'kysely';
import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import { sha256Hex, shortHmacToken } from '../../core/crypto';
import type { DbRef } from '../../core/db/db-ref';
import type { SafetyTimerDbStage } from '../../core/db/tables/safety-timer';
import type { Database } from '../../core/db/schema';
import type { Metrics } from '../../core/metrics';
import type { OutboxHandler, OutboxMessage } from '../../core/outbox';
import type { EventBus } from '../../core/realtime';
import { smsLink, smsOrNothing, type OutgoingSms, type SmsDispatch } from '../../core/sms';
import type { NewNotification, NotificationsService } from '../../core/notifications';
import { SOS_LIMITS, smsName } from '@saathi/shared';
import { fillSmsTemplate } from '@saathi/shared/sms';
import { createSosRepository, createSosService, fanoutMessage, SosEndedError } from '../sos';
import { batchedByTurn } from './safety-timer-stages';
import { createSafetyTimerRepository, type SafetyTimerRepository, type TimerContact, type TimerRecord } from './safety-timer.repository';
import { JOURNEY_URL, SAFETY_TIMER_URL, timerTexts, type ContactAlertKind } from './safety-timer.texts';

export const SAFETY_TIMER_TOPICS = {
  /** One escalation step of a running timer: reminder, ask ("Are you OK?"), contacts, sos. */
  stage: 'safety_timer.stage',
  /** Written with every check-in, safe or duress alike; the handler tells them apart. */
  ended: 'safety_timer.ended',
  /** Too many wrong PINs: the contacts hear of it silently while the timer runs on. */
  silentAlert: 'safety_timer.silent_alert',
  /** A journey started: its contacts get the live link. */
  started: 'safety_timer.started',
  /** "I'm OK" answered with a PIN, safe or duress alike; the handler alerts silently after a duress one. */
  answered: 'safety_timer.answered',
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

export const startedMessage = (timerId: number, now: Date): OutboxMessage => ({
  topic: SAFETY_TIMER_TOPICS.started,
  payload: { timerId },
  dedupeKey: `safety_timer:${timerId}:started`,
  dueAt: now,
});

export const answeredMessage = (timerId: number, now: Date): OutboxMessage => ({
  topic: SAFETY_TIMER_TOPICS.answered,
  payload: { timerId, atMs: now.getTime() },
  dedupeKey: `safety_timer:${timerId}:answered:${now.getTime()}`,
  dueAt: now,
});

/** A contact's link token, derived (HMAC) from the timer and their number: a retried alert carries the same link; only its hash is stored. */
export function timerLinkToken(secret: string, timerId: number, phone: string): string {
  return shortHmacToken(secret, `safety-timer-track:${timerId}:${phone}`);
}

export interface SafetyTimerDeliveryDeps {
  dbRef: DbRef;
  notifications: NotificationsService;
  bus: EventBus;
  clock: Clock;
  config: Pick<Config, 'safetyTimer' | 'sos' | 'publicUrl'>;
  secret: string;
  sms: Pick<SmsDispatch, 'write' | 'sendNow'>;
  /** Wakes the outbox after the SOS stage raised an alert. */
  kick: () => void;
  metrics: Pick<Metrics, 'sosRaised' | 'sosAccepted'>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface StagePayload {
  timerId: number;
  step: EscalationStep;
  dueAtMs: number;
}

/** Splits notifications so that each call of `deliver` has one per user (it pushes one per user). */
function onePerUser<T extends { userId: number }>(items: readonly T[]): T[][] {
  const rounds: T[][] = [];
  const seen: Array<Set<number>> = [];
  for (const item of items) {
    let i = seen.findIndex((users) => !users.has(item.userId));
    if (i === -1) {
      i = rounds.length;
      rounds.push([]);
      seen.push(new Set());
    }
    rounds[i]?.push(item);
    seen[i]?.add(item.userId);
  }
  return rounds;
}

/**
 * The escalation, set-based: a batch of stage jobs (one from the outbox, or every stage due at
 * once from the stage scheduler, safety-timer-stages.ts) reads its timers in one query, notifies
 * the owners in one insert, alerts all the contacts with one insert of links and one of SMS jobs,
 * and moves every timer on in one update. Every part may run again after a crash: a stage the
 * timer already shows is not sent again, notifications and SMS jobs carry dedupe keys.
 */
export function createSafetyTimerWork(deps: SafetyTimerDeliveryDeps) {
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
    metrics: deps.metrics,
    log,
  });

  async function deliver(items: NewNotification[]): Promise<void> {
    for (const round of onePerUser(items)) await notifications.deliver(round);
  }

  /**
   * The SMS are written in the transaction that records the step, then sent at once: an alert
   * does not queue behind older work, a retry finds them written and texts nobody twice, and
   * what no gateway took (or a stop in between) is left to the outbox (core/sms).
   */
  async function textAndRecord(messages: readonly OutgoingSms[], record: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    const written = await timers.transaction(async (trx) => {
      await record(trx);
      return deps.sms.write(trx, messages);
    });
    await deps.sms.sendNow(written);
  }

  function ownerNotification(timer: TimerRecord, step: 'reminder' | 'ask', dueAtMs: number): NewNotification {
    const language = timer.ownerLanguage;
    const minutes = Math.max(1, Math.round(config.safetyTimer.reminderBeforeMs / config.safetyTimer.minuteMs));
    const journey = timer.kind === 'journey';
    return {
      userId: timer.userId,
      type: `${journey ? 'journey' : 'safety_timer'}.${step === 'reminder' ? 'reminder' : 'check'}`,
      ...(step === 'reminder' ? timerTexts.reminder(language, minutes, timer.kind) : timerTexts.check(language, timer.kind)),
      data: { url: journey ? JOURNEY_URL : SAFETY_TIMER_URL, timerId: timer.id, actionTitle: timerTexts.openTimer(language, timer.kind) },
      dedupeKey: `safety_timer:${timer.id}:${step}:${dueAtMs}`,
    };
  }

  const tokenOf = (timer: TimerRecord, phone: string) => (timer.location ? timerLinkToken(secret, timer.id, phone) : null);

  /** The SMS template of a contact alert: a journey's own words, or the timer's. */
  const alertTemplate = (timer: TimerRecord, kind: ContactAlertKind) =>
    kind === 'started'
      ? 'journeyStarted'
      : kind === 'overdue' && timer.kind === 'journey'
        ? 'journeyAlert'
        : kind === 'overdue'
          ? 'timerOverdue'
          : 'timerSilent';

  /** What a contact alert says to each contact: the SMS (with the link when a position is known) and, for users of the app, an in-app notification. */
  function contactAlert(timer: TimerRecord, contacts: readonly TimerContact[], kind: ContactAlertKind) {
    // What the SMS and alerts quote of the owner: the first name, cut to 30 characters, never a link (smsName).
    const owner = smsName(timer.ownerName);
    const links = contacts.flatMap((c) => {
      const token = tokenOf(timer, c.phone);
      return token ? [{ tokenHash: sha256Hex(token), name: c.name, phone: c.phone }] : [];
    });
    const sms = contacts.flatMap((c): OutgoingSms[] => {
      const token = tokenOf(timer, c.phone);
      const language = c.language ?? timer.ownerLanguage;
      const name = owner ?? '';
      const template = alertTemplate(timer, kind);
      const message = smsOrNothing(
        () =>
          token
            ? fillSmsTemplate(c.phone, template, language, { name, link: smsLink(config.publicUrl, token) })
            : fillSmsTemplate(c.phone, `${template}NoLink`, language, { name }),
        log,
        { timerId: timer.id },
      );
      return message ? [{ message, dedupeKey: `safety_timer:${timer.id}:${kind}:sms:${c.phone}`, safetyTimerId: timer.id }] : [];
    });
    const inApp = contacts.flatMap((c): NewNotification[] => {
      if (c.userId === null || c.userId === timer.userId) return [];
      const token = tokenOf(timer, c.phone);
      return [
        {
          userId: c.userId,
          type: timer.kind === 'journey' && kind !== 'silent' ? `journey.${kind === 'started' ? 'started' : 'alert'}` : `safety_timer.${kind}`,
          ...timerTexts.contactAlert(c.language ?? timer.ownerLanguage, kind, owner, timer.kind),
          data: { url: token ? `/track/${token}` : '/notifications' },
          actorId: timer.userId,
          dedupeKey: `safety_timer:${timer.id}:${kind}`,
        },
      ];
    });
    return { links, sms, inApp };
  }

  /** After a safe ending: the timer's all-clear, or a journey's "arrived safely". */
  function allClearTo(timer: TimerRecord, contacts: readonly TimerContact[]) {
    const owner = smsName(timer.ownerName);
    const journey = timer.kind === 'journey';
    return {
      sms: contacts.map((c): OutgoingSms => ({
        message: fillSmsTemplate(c.phone, journey ? 'journeyArrived' : 'timerAllClear', c.language ?? timer.ownerLanguage, { name: owner ?? '' }),
        dedupeKey: `safety_timer:${timer.id}:all_clear:sms:${c.phone}`,
        safetyTimerId: timer.id,
      })),
      inApp: contacts.flatMap((c): NewNotification[] =>
        c.userId === null || c.userId === timer.userId
          ? []
          : [
              {
                userId: c.userId,
                type: journey ? 'journey.arrived' : 'safety_timer.all_clear',
                ...timerTexts.allClear(c.language ?? timer.ownerLanguage, owner, timer.kind),
                data: { url: '/notifications' },
                actorId: timer.userId,
                dedupeKey: `safety_timer:${timer.id}:all_clear`,
              },
            ],
      ),
    };
  }

  /**
   * The contacts stage of running timers not yet alerted: their links, in-app alerts and SMS,
   * and the stage moved on with the SMS jobs in one transaction.
   */
  async function alertOverdue(overdue: TimerRecord[], now: Date): Promise<void> {
    if (overdue.length === 0) return;
    const contactsOf = await timers.contactsOfMany(overdue);
    const alerts = overdue.map((timer) => ({ timer, ...contactAlert(timer, contactsOf.get(timer.id) ?? [], 'overdue') }));
    await timers.upsertLinks(
      alerts.flatMap((a) => a.links.map((l) => ({ ...l, timerId: a.timer.id, expiresAt: new Date(a.timer.dueAt.getTime() + LINK_AFTER_END_MS) }))),
    );
    await deliver(alerts.flatMap((a) => a.inApp));
    await textAndRecord(
      alerts.flatMap((a) => a.sms),
      (trx) =>
        timers.setStages(
          trx,
          overdue.map((timer) => ({
            id: timer.id,
            stage: isLaterStage(STEP_STAGE.contacts, timer.stage) ? STEP_STAGE.contacts : timer.stage,
            contactsAlertedAt: now,
          })),
        ),
    );
    for (const timer of overdue) {
      timer.contactsAlertedAt = now;
      if (isLaterStage(STEP_STAGE.contacts, timer.stage)) timer.stage = STEP_STAGE.contacts;
    }
  }

  /** A journey's "Are you OK?" went unanswered: its contacts are alerted now, as at the contacts stage (once a journey). */
  async function alertContactsNow(timerIds: readonly number[], now: Date): Promise<void> {
    const found = await timers.findMany([...timerIds]);
    await alertOverdue(
      [...found.values()].filter((timer) => timer.status === 'running' && !timer.contactsAlertedAt),
      now,
    );
  }

  /** A journey started: each contact gets the live link by SMS (and in the app), valid until an hour after the alarm. */
  async function tellStarted(timerId: number): Promise<void> {
    const timer = (await timers.findMany([timerId])).get(timerId);
    if (!timer || timer.status !== 'running') return;
    const contacts = (await timers.contactsOfMany([timer])).get(timer.id) ?? [];
    const told = contactAlert(timer, contacts, 'started');
    await timers.upsertLinks(told.links.map((l) => ({ ...l, timerId: timer.id, expiresAt: new Date(timer.dueAt.getTime() + LINK_AFTER_END_MS) })));
    await deliver(told.inApp);
    await textAndRecord(told.sms, async () => undefined);
  }

  /** "I'm OK" was answered: a duress PIN marked the silent alert at that instant, and the contacts hear of it now. */
  async function answered(timerId: number, atMs: number, now: Date): Promise<void> {
    const timer = (await timers.findMany([timerId])).get(timerId);
    if (timer?.silentAlertAt?.getTime() === atMs) await silentAlert(timerId, now);
  }

  /**
   * A batch of stage jobs; returns the error of each job that must be tried again (by its
   * index), the others are done. A job whose timer ended or moved since it was planned does nothing.
   */
  async function runStages(payloads: ReadonlyArray<Record<string, unknown>>, now: Date): Promise<Map<number, unknown>> {
    const jobs: StagePayload[] = payloads.map((p) => ({ timerId: Number(p.timerId), step: String(p.step) as EscalationStep, dueAtMs: Number(p.dueAtMs) }));
    const byId = await timers.findMany(jobs.map((j) => j.timerId));
    const failures = new Map<number, unknown>();
    /** The live timers a step is due for, each once. */
    const dueFor = (step: EscalationStep): TimerRecord[] => {
      const found = new Map<number, TimerRecord>();
      for (const job of jobs) {
        const timer = byId.get(job.timerId);
        if (job.step === step && timer && timer.status === 'running' && timer.dueAt.getTime() === job.dueAtMs) found.set(timer.id, timer);
      }
      return [...found.values()];
    };

    for (const step of ['reminder', 'ask'] as const) {
      const next = STEP_STAGE[step];
      // A timer that already shows this stage had its notification (a retried batch).
      const due = dueFor(step).filter((timer) => isLaterStage(next, timer.stage));
      if (due.length === 0) continue;
      await deliver(due.map((timer) => ownerNotification(timer, step, timer.dueAt.getTime())));
      await timers.setStages(
        deps.dbRef.db,
        due.map((timer) => ({ id: timer.id, stage: next })),
      );
      for (const timer of due) timer.stage = next;
    }

    await alertOverdue(
      dueFor('contacts').filter((timer) => !timer.contactsAlertedAt),
      now,
    );

    const toRaise = dueFor('sos').filter((timer) => !timer.sosEventId && !timer.contactsOnly);
    for (const timer of toRaise.filter((t) => !t.location)) {
      log.warn({ timerId: timer.id }, 'safety timer: no position known, so no SOS to volunteers; the contacts were alerted');
    }
    const located = toRaise.filter((t) => t.location);
    if (located.length > 0) {
      const raised = await timers.transaction(async (trx) => {
        const events = await timers.raiseSos(
          trx,
          located.map((t) => {
            const location = t.location as NonNullable<TimerRecord['location']>;
            return { timerId: t.id, userId: t.userId, latitude: location.latitude, longitude: location.longitude, accuracy: location.accuracy };
          }),
          {
            now,
            radiusM: config.sos.radiiM[0] as number,
            windowStart: new Date(now.getTime() - SOS_LIMITS.windowMinutes * 60_000),
            maxPerWindow: config.sos.maxPerWindow,
            fanout: (eventId) => fanoutMessage(eventId, 0, now),
          },
        );
        await timers.setStages(
          trx,
          [...events].map(([id, sosEventId]) => ({ id, stage: STEP_STAGE.sos, sosEventId })),
        );
        return events;
      });
      // The fan-outs were written with the alerts: the outbox sends them now.
      deps.metrics.sosRaised(raised.size);
      deps.kick();
      jobs.forEach((job, i) => {
        const timer = byId.get(job.timerId);
        if (job.step === 'sos' && timer && located.includes(timer) && !raised.has(timer.id)) {
          failures.set(i, new Error('the SOS rate limit held this alert back'));
        }
      });
    }
    return failures;
  }

  /**
   * A check-in, safe or duress, in the same work shape: the timer, its contacts, one statement on
   * its links, one transaction (its row and the SMS jobs), whichever PIN it was. Duress alerts
   * the contacts silently with a link that lasts an hour after the check-in; a safe ending after
   * an alert sends the all-clear, stops the links and cancels an SOS the timer raised.
   */
  async function settleEnded(timerId: number, now: Date): Promise<void> {
    const timer = (await timers.findMany([timerId])).get(timerId);
    if (!timer || timer.status !== 'ended') return;
    const duress = timer.endReason === 'duress';
    const contacts = (await timers.contactsOfMany([timer])).get(timer.id) ?? [];
    const alerted = Boolean(timer.contactsAlertedAt || timer.silentAlertAt);
    const alert = duress ? contactAlert(timer, contacts, 'silent') : null;
    // A journey's contacts were told at its start: they hear it ended safely ("arrived safely").
    const clear = !duress && (alerted || timer.kind === 'journey') ? allClearTo(timer, contacts) : null;
    await timers.settleLinks(timer.id, {
      revokeAt: duress ? null : now,
      links: alert?.links ?? [],
      expiresAt: new Date((timer.endedAt ?? now).getTime() + LINK_AFTER_END_MS),
    });
    await deliver(alert?.inApp ?? clear?.inApp ?? []);
    await textAndRecord(alert?.sms ?? clear?.sms ?? [], (trx) => timers.settleEnded(trx, timer.id, now));
    if (!duress && timer.sosEventId) {
      await sos.end(timer.userId, timer.sosEventId, 'cancelled').catch((error: unknown) => {
        if (!(error instanceof SosEndedError)) throw error;
      });
    }
  }

  /** Five wrong PINs: the contacts hear of it silently while the timer runs on. */
  async function silentAlert(timerId: number, now: Date): Promise<void> {
    const timer = (await timers.findMany([timerId])).get(timerId);
    if (!timer) return;
    const contacts = (await timers.contactsOfMany([timer])).get(timer.id) ?? [];
    const alert = contactAlert(timer, contacts, 'silent');
    const expiresAt = new Date(Math.max(timer.dueAt.getTime(), now.getTime()) + LINK_AFTER_END_MS);
    await timers.upsertLinks(alert.links.map((l) => ({ ...l, timerId: timer.id, expiresAt })));
    await deliver(alert.inApp);
    await textAndRecord(alert.sms, async () => undefined);
  }

  return { runStages, settleEnded, silentAlert, alertContactsNow, tellStarted, answered };
}

export type SafetyTimerWork = ReturnType<typeof createSafetyTimerWork>;

/** The outbox's handlers of the timer's topics; the stage jobs of one outbox round run as one batch. */
export function createSafetyTimerHandlers(deps: SafetyTimerDeliveryDeps, work: SafetyTimerWork = createSafetyTimerWork(deps)): Record<string, OutboxHandler> {
  const stage = batchedByTurn<{ payload: Record<string, unknown>; now: Date }>(async (items) => {
    const failures = await work.runStages(
      items.map((i) => i.payload),
      items[0]?.now ?? deps.clock(),
    );
    return items.map((_, i) => failures.get(i));
  });
  return {
    [SAFETY_TIMER_TOPICS.stage]: (payload, { now }) => stage({ payload, now }),
    [SAFETY_TIMER_TOPICS.ended]: (payload, { now }) => work.settleEnded(Number(payload.timerId), now),
    [SAFETY_TIMER_TOPICS.silentAlert]: (payload, { now }) => work.silentAlert(Number(payload.timerId), now),
    [SAFETY_TIMER_TOPICS.started]: (payload) => work.tellStarted(Number(payload.timerId)),
    [SAFETY_TIMER_TOPICS.answered]: (payload, { now }) => work.answered(Number(payload.timerId), Number(payload.atMs), now),
  };
}
