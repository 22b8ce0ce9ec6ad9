import type { Clock } from '../../core/clock';
import { hmacHex, sha256Hex } from '../../core/crypto';
import type { OutboxHandler, OutboxMessage } from '../../core/outbox';
import type { EventBus } from '../../core/realtime';
import type { SmsProvider } from '../../core/sms';
import type { NewNotification } from '../notifications/notifications.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import { sosFanoutRepository, type NewRecipient } from './sos-fanout.repository';
import { bandOf } from './sos.mapper';
import type { SosRepository } from './sos.repository';
import type { RecipientRecord, SosEventRecord } from './sos.types';
import { firstName, sosModeUrl, texts } from './sos.texts';

export const SOS_TOPICS = {
  fanout: 'sos.fanout',
  deliver: 'sos.deliver',
  allClear: 'sos.all_clear',
  /** A volunteer accepted: the victim's notification and push. */
  accepted: 'sos.accepted',
  sms: 'sms.send',
} as const;

/** Recipients per delivery job: small enough to retry cheaply, big enough to batch the SQL. */
const DELIVERY_CHUNK = 250;
const TRACKING_LINK_TTL_MS = 24 * 3600_000;

export interface SosDeliveryDeps {
  sos: SosRepository;
  notifications: NotificationsService;
  sms: SmsProvider;
  bus: EventBus;
  clock: Clock;
  secret: string;
  publicUrl: string;
  radiiM: readonly number[];
  escalationMs: number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The contact's link token is derived from the recipient row (HMAC with the server secret),
 * so a retried SMS carries the same link and only its hash is stored.
 */
export function trackingToken(secret: string, notificationId: number): string {
  return Buffer.from(hmacHex(secret, `sos-track:${notificationId}`), 'hex').toString('base64url');
}

export const fanoutMessage = (eventId: number, step: number, dueAt: Date): OutboxMessage => ({
  topic: SOS_TOPICS.fanout,
  payload: { eventId, step },
  dedupeKey: `sos:${eventId}:fanout:${step}`,
  dueAt,
});

export const acceptedMessage = (eventId: number, volunteerId: number, dueAt: Date): OutboxMessage => ({
  topic: SOS_TOPICS.accepted,
  payload: { eventId, volunteerId },
  dedupeKey: `sos:${eventId}:accepted:${volunteerId}`,
  dueAt,
});

/**
 * Coalesces "this recipient is done" marks into one UPDATE per MARK_FLUSH_MS: a statement
 * per push would cost more than the push itself on the embedded database, and a crash
 * can at worst repeat the pushes of that short window.
 */
const MARK_FLUSH_MS = 50;

function createDeliveryMarker(flush: (ids: number[]) => Promise<void>) {
  let queued: number[] = [];
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    timer = undefined;
    const ids = queued;
    queued = [];
    if (ids.length > 0) chain = chain.then(() => flush(ids));
  };
  return {
    mark(id: number) {
      queued.push(id);
      timer ??= setTimeout(run, MARK_FLUSH_MS);
    },
    async done() {
      if (timer) clearTimeout(timer);
      run();
      await chain;
    },
  };
}

/**
 * The language a recipient reads: a user's own (users.language), else (a contact who is not a
 * user) the language of the person who raised the SOS.
 */
const languageOf = (recipient: Pick<RecipientRecord, 'language'>, event: Pick<SosEventRecord, 'victimLanguage'>) => recipient.language ?? event.victimLanguage;

export function createSosDeliveryHandlers(deps: SosDeliveryDeps): Record<string, OutboxHandler> {
  const { sos, notifications, sms, bus, clock, secret, publicUrl, radiiM, escalationMs, log } = deps;

  const publishToOwner = (ownerId: number, eventId: number, status: 'active' | 'resolved' | 'cancelled') =>
    bus
      .publish([ownerId], { type: 'sos.updated', data: { eventId, status } })
      .catch((error: unknown) => log.warn({ reason: String(error) }, 'live event was not published'));

  /** Step 0 reaches the contacts and the first radius; each later step widens the radius. */
  const fanout: OutboxHandler = async (payload, { now }) => {
    const eventId = Number(payload.eventId);
    const step = Number(payload.step);
    const outcome = await sos.transaction(async (trx) => {
      const event = await sos.findEvent(eventId, trx, true);
      if (!event || event.status !== 'active') return undefined;
      const radiusM = radiiM[Math.min(step, radiiM.length - 1)] as number;
      if (step > 0) {
        if (await sos.hasAccepted(trx, eventId)) return undefined;
        await sos.setRadius(trx, eventId, step, radiusM, now);
      }
      const reached: NewRecipient[] = [];
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
      if (!event.contactsOnly) reached.push(...(await sosFanoutRepository.insertVolunteers(trx, eventId, event.userId, radiusM, now)));
      const messages: OutboxMessage[] = [];
      for (let i = 0; i < reached.length; i += DELIVERY_CHUNK) {
        messages.push({
          topic: SOS_TOPICS.deliver,
          payload: { eventId, notificationIds: reached.slice(i, i + DELIVERY_CHUNK).map((r) => r.id) },
          dedupeKey: `sos:${eventId}:deliver:${step}:${i / DELIVERY_CHUNK}`,
          dueAt: now,
        });
      }
      if (!event.contactsOnly && step + 1 < radiiM.length) messages.push(fanoutMessage(eventId, step + 1, new Date(now.getTime() + escalationMs)));
      await sos.enqueue(messages, trx);
      return { ownerId: event.userId, reached: reached.length };
    });
    if (outcome && outcome.reached > 0) await publishToOwner(outcome.ownerId, eventId, 'active');
  };

  /** Sends one chunk; every recipient is marked 'sent' as soon as its message went out. */
  const deliver: OutboxHandler = async (payload, { now }) => {
    const eventId = Number(payload.eventId);
    const ids = (payload.notificationIds as unknown[]).map(Number);
    const event = await sos.findEvent(eventId);
    const rows = (await sos.recipientsByIds(ids)).filter((r) => r.deliveryStatus === 'pending');
    if (!event || rows.length === 0) return;
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
    const victim = firstName(event.victimName);
    const marker = createDeliveryMarker((done) => sos.markDelivery(done, 'sent', clock()));
    let incomplete = 0;
    const smsOk = new Set<number>();
    await Promise.all(
      rows
        .filter((r) => r.kind === 'contact' && r.phone)
        .map(async (r) => {
          const link = `${publicUrl}/track/${trackingToken(secret, r.notificationId)}`;
          try {
            await sms.send({ to: r.phone as string, text: texts.contactSms(languageOf(r, event), event.victimName, event.threat, link) });
            smsOk.add(r.notificationId);
            marker.mark(r.notificationId);
          } catch (error) {
            incomplete += 1;
            log.warn({ eventId, notificationId: r.notificationId, reason: String(error) }, 'SOS SMS failed; will retry');
          }
        }),
    );

    const byUser = new Map(rows.filter((r) => r.userId !== null).map((r) => [r.userId as number, r]));
    const items: NewNotification[] = [...byUser.values()].map((r) => ({
      userId: r.userId as number,
      type: r.kind === 'contact' ? 'sos.contact_alert' : 'sos.alert',
      // Volunteers learn only the band of their cell's distance, not an exact one (DESIGN.md §8).
      ...(r.kind === 'contact'
        ? texts.contactAlert(languageOf(r, event), victim, event.threat)
        : texts.volunteerAlert(languageOf(r, event), victim, event.threat, bandOf(r))),
      data: { url: sosModeUrl(eventId), threat: event.threat, distanceBand: bandOf(r), actionTitle: texts.goToSos(languageOf(r, event)) },
      sosEventId: eventId,
      actorId: event.userId,
      dedupeKey: `sos:${eventId}:alert`,
    }));
    await notifications.deliver(items, (userId, outcome) => {
      const row = byUser.get(userId);
      // A contact's alert is the SMS; their push is a bonus that is not retried.
      if (!row || row.kind === 'contact') return;
      if (outcome === 'retry') incomplete += 1;
      else marker.mark(row.notificationId);
    });
    await marker.done();
    await publishToOwner(event.userId, eventId, 'active');
    if (incomplete > 0) throw new Error(`${incomplete} recipient(s) of SOS ${eventId} not reached yet`);
  };

  /** After a cancel: everyone who got the alert hears it is over. */
  const allClear: OutboxHandler = async (payload, { now }) => {
    const eventId = Number(payload.eventId);
    const event = await sos.findEvent(eventId);
    if (!event) return;
    const reached = (await sos.recipients(eventId)).filter((r) => r.deliveryStatus === 'sent');
    const name = firstName(event.victimName);
    await sos.enqueue(
      reached
        .filter((r) => r.kind === 'contact' && r.phone)
        .map((r) => ({
          topic: SOS_TOPICS.sms,
          payload: { to: r.phone, text: texts.allClearSms(languageOf(r, event), name) },
          dedupeKey: `sos:${eventId}:all_clear:sms:${r.notificationId}`,
          dueAt: now,
        })),
    );
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
   * Tells the victim a volunteer is coming (in-app row, live event, push). The live
   * `sos.accepted` event went out with the answer; this is the notification behind it.
   */
  const accepted: OutboxHandler = async (payload) => {
    const eventId = Number(payload.eventId);
    const volunteerId = Number(payload.volunteerId);
    const event = await sos.findEvent(eventId);
    // Over, or withdrawn meanwhile: nothing to announce any more.
    if (!event || event.status !== 'active') return;
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

  const sendSms: OutboxHandler = async (payload) => {
    await sms.send({ to: String(payload.to), text: String(payload.text) });
  };

  return {
    [SOS_TOPICS.fanout]: fanout,
    [SOS_TOPICS.deliver]: deliver,
    [SOS_TOPICS.allClear]: allClear,
    [SOS_TOPICS.accepted]: accepted,
    [SOS_TOPICS.sms]: sendSms,
  };
}
