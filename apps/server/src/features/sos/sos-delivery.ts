import type { Transaction } from 'kysely';
import type { Clock } from '../../core/clock';
import type { Database } from '../../core/db/schema';
import { sha256Hex, shortHmacToken } from '../../core/crypto';
import type { OutboxHandler, OutboxMessage } from '../../core/outbox';
import type { Metrics } from '../../core/metrics';
import type { EventBus } from '../../core/realtime';
import { smsLink, smsOrNothing, type OutgoingSms, type SmsDispatch } from '../../core/sms';
import type { NewNotification, NotificationsService } from '../../core/notifications';
import { THREAT_RESPONDERS, RESPONDER_LIMITS, smsName } from '@saathi/shared';
import { fillSmsTemplate } from '@saathi/shared/sms';
import { sosFanoutRepository, type NewRecipient } from './sos-fanout.repository';
import { sosLadderRepository } from './sos-ladder.repository';
import { bandOf } from './sos.mapper';
import type { SosRepository } from './sos.repository';
import type { RecipientRecord, SosEventRecord } from './sos.types';
import { sosModeUrl, texts } from './sos.texts';

export const SOS_TOPICS = {
  fanout: 'sos.fanout',
  deliver: 'sos.deliver',
  allClear: 'sos.all_clear',
  /** A volunteer accepted: the victim's notification and push. */
  accepted: 'sos.accepted',
  /** A verified responder declined or let the time pass: the next one is alerted at once. */
  passOn: 'sos.pass_on',
  /** A practice alert nobody finished ends by itself. */
  practiceEnd: 'sos.practice_end',
} as const;

/** Recipients per delivery job: small enough to retry cheaply, big enough to batch the SQL. */
const DELIVERY_CHUNK = 250;
const TRACKING_LINK_TTL_MS = 24 * 3600_000;
/** A practice alert left open ends after this long. */
export const PRACTICE_TTL_MS = 30 * 60_000;

export interface SosDeliveryDeps {
  sos: SosRepository;
  notifications: NotificationsService;
  sms: Pick<SmsDispatch, 'write' | 'sendNow'>;
  bus: EventBus;
  clock: Clock;
  secret: string;
  publicUrl: string;
  radiiM: readonly number[];
  escalationMs: number;
  /** A verified responder who has not answered in this time is passed over (60 s). */
  responderTimeoutMs: number;
  metrics: Pick<Metrics, 'sosFanoutStep'>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The contact's link token is derived from the recipient row (HMAC with the server secret),
 * so a retried SMS carries the same link and only its hash is stored.
 */
export function trackingToken(secret: string, notificationId: number): string {
  return shortHmacToken(secret, `sos-track:${notificationId}`);
}

export const fanoutMessage = (eventId: number, step: number, dueAt: Date): OutboxMessage => ({
  topic: SOS_TOPICS.fanout,
  payload: { eventId, step },
  dedupeKey: `sos:${eventId}:fanout:${step}`,
  dueAt,
});

/** Passes the alert on from one verified responder: `declined` at once, `timeout` when their time is up. */
export const passOnMessage = (eventId: number, notificationId: number, cause: 'declined' | 'timeout', dueAt: Date): OutboxMessage => ({
  topic: SOS_TOPICS.passOn,
  payload: { eventId, notificationId, cause },
  dedupeKey: `sos:${eventId}:pass:${notificationId}:${cause}`,
  dueAt,
});

export const acceptedMessage = (eventId: number, volunteerId: number, dueAt: Date): OutboxMessage => ({
  topic: SOS_TOPICS.accepted,
  payload: { eventId, volunteerId },
  dedupeKey: `sos:${eventId}:accepted:${volunteerId}`,
  dueAt,
});

/**
 * Coalesces "this recipient is done" marks into one UPDATE per MARK_FLUSH_MS, across all the
 * delivery jobs running at once (a 1,000-volunteer fan-out runs four side by side): a statement
 * per push would cost more than the push itself on the embedded database, and a crash can at
 * worst repeat the pushes of that short window. Each job waits for the writes holding its own
 * marks; a failed write fails exactly the jobs whose marks it held (their rows stay pending
 * and are sent again by the retry).
 */
const MARK_FLUSH_MS = 50;

export function createDeliveryMarker(flush: (ids: number[]) => Promise<void>) {
  type Batch = { ids: number[]; written: Promise<void>; write: () => void };
  let open: Batch | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Writes run one after the other, in the order their batches closed. */
  let chain: Promise<void> = Promise.resolve();

  const newBatch = (): Batch => {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const batch: Batch = { ids: [], written: started.then(() => flush(batch.ids)), write: () => start() };
    // Whoever marked in it awaits it; this keeps a failure nobody awaits yet from going unhandled.
    batch.written.catch(() => undefined);
    return batch;
  };
  const close = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = open;
    open = undefined;
    if (!batch) return;
    const previous = chain;
    chain = batch.written.catch(() => undefined);
    void previous.then(batch.write);
  };

  /** One delivery job's view: its marks, and done() once they are all written. */
  return function forJob() {
    const mine = new Set<Promise<void>>();
    return {
      mark(id: number) {
        open ??= newBatch();
        open.ids.push(id);
        mine.add(open.written);
        timer ??= setTimeout(close, MARK_FLUSH_MS);
      },
      async done() {
        if (open && mine.has(open.written)) close();
        await Promise.all(mine);
      },
    };
  };
}

/**
 * The language a recipient reads: a user's own (users.language), else (a contact who is not a
 * user) the language of the person who raised the SOS.
 */
const languageOf = (recipient: Pick<RecipientRecord, 'language'>, event: Pick<SosEventRecord, 'victimLanguage'>) => recipient.language ?? event.victimLanguage;

export function createSosDeliveryHandlers(deps: SosDeliveryDeps): Record<string, OutboxHandler> {
  const { sos, notifications, sms, bus, clock, secret, publicUrl, radiiM, escalationMs, responderTimeoutMs, metrics, log } = deps;
  const sentMarks = createDeliveryMarker((ids) => sos.markDelivery(ids, 'sent', clock()));

  const publishToOwner = (ownerId: number, eventId: number, status: 'active' | 'resolved' | 'cancelled') =>
    bus
      .publish([ownerId], { type: 'sos.updated', data: { eventId, status } })
      .catch((error: unknown) => log.warn({ reason: String(error) }, 'live event was not published'));

  /**
   * Delivery jobs for the recipients just written, and the time limit of each verified responder
   * among them. A step's jobs carry it (counted from 1), so the one that finishes it is measured.
   */
  function deliveryMessages(eventId: number, reached: readonly (NewRecipient & { tier?: string })[], key: string, now: Date, step?: number): OutboxMessage[] {
    const messages: OutboxMessage[] = [];
    for (let i = 0; i < reached.length; i += DELIVERY_CHUNK) {
      messages.push({
        topic: SOS_TOPICS.deliver,
        payload: { eventId, notificationIds: reached.slice(i, i + DELIVERY_CHUNK).map((r) => r.id), ...(step === undefined ? {} : { step }) },
        dedupeKey: `sos:${eventId}:deliver:${key}:${i / DELIVERY_CHUNK}`,
        dueAt: now,
      });
    }
    for (const r of reached) {
      if (r.tier === 'responder') messages.push(passOnMessage(eventId, r.id, 'timeout', new Date(now.getTime() + responderTimeoutMs)));
    }
    return messages;
  }

  /**
   * The ladder at one radius: the nearest verified responders whose profession fits the threat
   * first, up to three waiting for an answer at once; the other volunteers in range only when no
   * responder is left waiting (none fits, or every one declined or let the time pass).
   */
  async function climb(trx: Transaction<Database>, event: SosEventRecord, radiusM: number, now: Date) {
    const professions = event.threat ? THREAT_RESPONDERS[event.threat] : [];
    const reached: (NewRecipient & { tier: 'responder' | 'volunteer' })[] = [];
    if (professions.length > 0) {
      const waiting = await sosLadderRepository.pendingResponders(trx, event.id);
      const free = RESPONDER_LIMITS.firstTier - waiting;
      if (free > 0) {
        const responders = await sosFanoutRepository.insertVolunteers(trx, event.id, event.userId, radiusM, now, {
          tier: 'responder',
          professions,
          limit: free,
        });
        reached.push(...responders.map((r) => ({ ...r, tier: 'responder' as const })));
      }
      if (waiting + reached.length > 0) return reached;
    }
    const others = await sosFanoutRepository.insertVolunteers(trx, event.id, event.userId, radiusM, now);
    reached.push(...others.map((r) => ({ ...r, tier: 'volunteer' as const })));
    return reached;
  }

  /**
   * Step 0 reaches the contacts and the first radius; each later step widens the radius. The
   * other volunteers of the previous radius, who waited one step for the responders, come along
   * at every step; one step past the last radius reaches the last radius's others.
   */
  const fanout: OutboxHandler = async (payload, { now }) => {
    const eventId = Number(payload.eventId);
    const step = Number(payload.step);
    const lastStep = radiiM.length - 1;
    const outcome = await sos.transaction(async (trx) => {
      const event = await sos.findEvent(eventId, trx, true);
      if (!event || event.status !== 'active') return undefined;
      // A practice alert has no fan-out: its one row and delivery are written with it (sos-practice.ts).
      if (event.practice) return undefined;
      const radiusM = radiiM[Math.min(step, lastStep)] as number;
      if (step > 0) {
        if (await sos.hasAccepted(trx, eventId)) return undefined;
        if (step <= lastStep) await sos.setRadius(trx, eventId, step, radiusM, now);
      }
      const reached: (NewRecipient & { tier?: string })[] = [];
      if (step === 0) {
        const contacts = await sosFanoutRepository.insertContacts(trx, eventId, event.userId, now);
        await sosFanoutRepository.insertTrackingTokens(
          trx,
          eventId,
          contacts.map((c) => ({ notificationId: c.id, tokenHash: sha256Hex(trackingToken(secret, c.id)), name: c.name, phone: c.phone })),
          new Date(now.getTime() + TRACKING_LINK_TTL_MS),
        );
        reached.push(...contacts);
      }
      if (!event.contactsOnly) {
        if (step > 0) {
          const previousM = radiiM[Math.min(step - 1, lastStep)] as number;
          reached.push(...(await sosFanoutRepository.insertVolunteers(trx, eventId, event.userId, previousM, now)).map((r) => ({ ...r, tier: 'volunteer' })));
        }
        reached.push(...(await climb(trx, event, radiusM, now)));
      }
      // A contact who is also a volunteer in range stays one recipient (one alert, one push), marked as both.
      const bothRoles = event.contactsOnly ? 0 : await sosFanoutRepository.markContactVolunteers(trx, eventId, radiusM, now);
      const messages = deliveryMessages(eventId, reached, String(step), now, step + 1);
      const next = step + 1;
      // The step past the last radius only matters when responders held the others back.
      if (!event.contactsOnly && (next <= lastStep || (next === lastStep + 1 && (await sosLadderRepository.hasResponders(trx, eventId))))) {
        messages.push(fanoutMessage(eventId, next, new Date(now.getTime() + escalationMs)));
      }
      await sos.enqueue(messages, trx);
      return { ownerId: event.userId, reached: reached.length + bothRoles, event };
    });
    if (outcome && outcome.reached > 0) await publishToOwner(outcome.ownerId, eventId, 'active');
    // The step before this one, if its pushes are still not all out, is late: counted now.
    if (outcome && step > 0) await measureStep(outcome.event, step, now);
  };

  /**
   * A verified responder declined (`declined`, written with the answer) or their time is up
   * (`timeout`): the next responder is alerted at once, or the other volunteers in range when
   * none is left, without waiting for the widening step. Nothing moves once someone accepted.
   */
  const passOn: OutboxHandler = async (payload, { now }) => {
    const eventId = Number(payload.eventId);
    const notificationId = Number(payload.notificationId);
    const outcome = await sos.transaction(async (trx) => {
      const event = await sos.findEvent(eventId, trx, true);
      if (!event || event.status !== 'active' || event.practice || event.contactsOnly) return undefined;
      if (await sos.hasAccepted(trx, eventId)) return undefined;
      if (payload.cause === 'timeout') {
        const [row] = await sos.recipientsByIds([notificationId], trx);
        // Answered in time, or already passed over: its own answer moved the ladder.
        if (!row || row.status !== 'notified' || row.passedAt !== null) return undefined;
        await sosLadderRepository.markPassed(trx, notificationId, now);
      }
      const reached = await climb(trx, event, event.radiusM, now);
      await sos.enqueue(deliveryMessages(eventId, reached, `pass:${notificationId}:${String(payload.cause)}`, now), trx);
      return { ownerId: event.userId, reached: reached.length };
    });
    if (outcome && outcome.reached > 0) await publishToOwner(outcome.ownerId, eventId, 'active');
  };

  /** A practice alert left open ends by itself (the volunteer walked away from it). */
  const practiceEnd: OutboxHandler = async (payload, { now }) => {
    const eventId = Number(payload.eventId);
    const ended = await sos.transaction(async (trx) => {
      const event = await sos.findEvent(eventId, trx, true);
      if (!event || !event.practice || event.status !== 'active') return undefined;
      await sos.end(trx, eventId, 'resolved', now);
      return event.userId;
    });
    if (ended !== undefined) await publishToOwner(ended, eventId, 'resolved');
  };

  /** Sends one chunk; every recipient is marked 'sent' as soon as its message went out. */
  const deliver: OutboxHandler = async (payload, { now }) => {
    const eventId = Number(payload.eventId);
    const ids = (payload.notificationIds as unknown[]).map(Number);
    const event = await sos.findEvent(eventId);
    const rows = (await sos.recipientsByIds(ids)).filter((r) => r.deliveryStatus === 'pending');
    if (!event) return;
    // A retry whose recipients were all reached by the try before: only the step's figure is left.
    if (rows.length === 0) return measureStep(event, payload.step);
    if (event.status !== 'active') {
      // Cancelled or resolved before this chunk went out: nobody needs the alert any more.
      await sos.markDelivery(
        rows.map((r) => r.notificationId),
        'failed',
        now,
        'the event ended before delivery',
      );
      return;
    }
    // What SMS and alerts quote of the victim: the first name, cut to 30 characters, never a link (smsName).
    const victim = smsName(event.victimName);
    const marker = sentMarks();
    let incomplete = 0;
    // Contacts hear by SMS, sent beside the pushes: a contact counts as reached once a gateway
    // took theirs (the dispatch's onAccepted); what no gateway took, the outbox retries (sms.send).
    const contactSms: OutgoingSms[] = rows
      .filter((r) => r.kind === 'contact' && r.phone)
      .flatMap((r) => {
        const language = languageOf(r, event);
        const message = smsOrNothing(
          () =>
            fillSmsTemplate(r.phone as string, 'sosContact', language, {
              name: victim ?? '',
              threat: texts.threat(language, event.threat),
              link: smsLink(publicUrl, trackingToken(secret, r.notificationId)),
            }),
          log,
          { eventId, notificationId: r.notificationId },
        );
        return message ? [{ message, dedupeKey: `sos:${eventId}:contact_sms:${r.notificationId}`, sosNotificationId: r.notificationId }] : [];
      });
    // Most chunks hold volunteers only: no transaction for an empty list on the fan-out's path.
    const texting = (contactSms.length === 0 ? Promise.resolve([]) : sos.transaction((trx) => sms.write(trx, contactSms)))
      .then((written) => sms.sendNow(written))
      .catch((error: unknown) => {
        incomplete += 1;
        log.warn({ eventId, reason: String(error) }, 'SOS SMS could not be written; the delivery is retried');
      });

    const byUser = new Map(rows.filter((r) => r.userId !== null).map((r) => [r.userId as number, r]));
    // The texts depend only on the language, the kind and the band: a few distinct messages per
    // chunk, each written once (formatting them per recipient cost a tenth of a fan-out's CPU).
    const alertTexts = new Map<string, { title: string; body: string; actionTitle: string }>();
    const alertOf = (r: RecipientRecord) => {
      const language = languageOf(r, event);
      const band = bandOf(r);
      const key = `${language}|${r.kind}|${band ?? ''}`;
      let found = alertTexts.get(key);
      if (!found) {
        found = {
          // Volunteers learn only the band of their cell's distance, not an exact one (DESIGN.md §8).
          ...(event.practice
            ? texts.practiceAlert(language)
            : r.kind === 'contact'
              ? texts.contactAlert(language, victim, event.threat)
              : texts.volunteerAlert(language, victim, event.threat, band)),
          actionTitle: texts.goToSos(language),
        };
        alertTexts.set(key, found);
      }
      return { ...found, band };
    };
    const items: NewNotification[] = [...byUser.values()].map((r) => {
      const { title, body, actionTitle, band } = alertOf(r);
      return {
        userId: r.userId as number,
        type: r.kind === 'contact' ? 'sos.contact_alert' : 'sos.alert',
        title,
        body,
        data: {
          url: sosModeUrl(eventId),
          threat: event.threat,
          distanceBand: band,
          actionTitle,
          practice: event.practice,
          tier: r.tier,
        },
        sosEventId: eventId,
        actorId: event.userId,
        dedupeKey: `sos:${eventId}:alert`,
      };
    });
    await notifications.deliver(items, (userId, outcome) => {
      const row = byUser.get(userId);
      // A contact's alert is the SMS; their push is a bonus that is not retried.
      if (!row || row.kind === 'contact') return;
      if (outcome === 'retry') incomplete += 1;
      else marker.mark(row.notificationId);
    });
    await Promise.all([texting, marker.done()]);
    await publishToOwner(event.userId, eventId, 'active');
    if (incomplete > 0) throw new Error(`${incomplete} recipient(s) of SOS ${eventId} not reached yet`);
    await measureStep(event, payload.step);
  };

  /**
   * The fan-out's time for a step, from the SOS raised to its last push accepted: written once
   * by whichever of the step's delivery jobs finishes it (the status screen reads it), and
   * observed by the process that wrote it.
   */
  async function measureStep(event: Pick<SosEventRecord, 'id' | 'practice' | 'createdAt'>, step: unknown, nextStepAt?: Date): Promise<void> {
    if (typeof step !== 'number' || event.practice) return;
    const doneAt = clock();
    try {
      if (await sos.recordStepDone(event.id, step, event.createdAt, doneAt, nextStepAt)) {
        metrics.sosFanoutStep(step, (doneAt.getTime() - event.createdAt.getTime()) / 1000);
      }
    } catch (error) {
      // Everyone was reached; only the figure is missing. Retrying the job would push again.
      log.warn({ eventId: event.id, reason: String(error) }, 'the SOS fan-out step was not recorded');
    }
  }

  /** After a cancel: everyone who got the alert hears it is over. */
  const allClear: OutboxHandler = async (payload) => {
    const eventId = Number(payload.eventId);
    const event = await sos.findEvent(eventId);
    if (!event) return;
    const reached = (await sos.recipients(eventId)).filter((r) => r.deliveryStatus === 'sent');
    const name = smsName(event.victimName);
    const written = await sos.transaction((trx) =>
      sms.write(
        trx,
        reached
          .filter((r) => r.kind === 'contact' && r.phone)
          .map((r) => ({
            message: fillSmsTemplate(r.phone as string, 'sosAllClear', languageOf(r, event), { name: name ?? '' }),
            dedupeKey: `sos:${eventId}:all_clear:sms:${r.notificationId}`,
          })),
      ),
    );
    await sms.sendNow(written);
    await notifications.deliver(
      reached
        .filter((r) => r.userId !== null)
        .map((r) => ({
          userId: r.userId as number,
          type: 'sos.all_clear',
          ...texts.allClear(languageOf(r, event), name),
          data: { url: '/notifications', actionTitle: texts.goToSos(languageOf(r, event)) },
          sosEventId: eventId,
          actorId: event.userId,
          dedupeKey: `sos:${eventId}:all_clear`,
        })),
    );
  };

  /**
   * Tells the victim a volunteer or contact is coming (in-app row, live event, push). The live
   * `sos.accepted` event went out with the answer; this is the notification behind it.
   */
  const accepted: OutboxHandler = async (payload) => {
    const eventId = Number(payload.eventId);
    const volunteerId = Number(payload.volunteerId);
    const event = await sos.findEvent(eventId);
    // Over, or withdrawn meanwhile: nothing to announce any more. A practice alert's sender is its volunteer.
    if (!event || event.status !== 'active' || event.practice) return;
    const me = await sos.recipientOf(eventId, volunteerId);
    if (!me || me.status !== 'accepted') return;
    const outcomes = await notifications.deliver([
      {
        userId: event.userId,
        type: 'sos.accepted',
        // They chose to come: from now on the victim may know how far they are (DESIGN.md §8).
        ...texts.accepted(event.victimLanguage, me.name, me.distanceM),
        data: { url: sosModeUrl(eventId), volunteerId, actionTitle: texts.goToSos(event.victimLanguage) },
        sosEventId: eventId,
        actorId: volunteerId,
        dedupeKey: `sos:${eventId}:accepted:${volunteerId}`,
      },
    ]);
    // The row is deduplicated, so a retry only repeats the push that did not go through.
    if (outcomes.get(event.userId) === 'retry') throw new Error(`the push to the owner of SOS ${eventId} will be retried`);
  };

  return {
    [SOS_TOPICS.fanout]: fanout,
    [SOS_TOPICS.deliver]: deliver,
    [SOS_TOPICS.allClear]: allClear,
    [SOS_TOPICS.accepted]: accepted,
    [SOS_TOPICS.passOn]: passOn,
    [SOS_TOPICS.practiceEnd]: practiceEnd,
  };
}
