import { SOS_LIMITS, type DeclineReason, type SceneStatusBody, type SosEventView, type SosLocationBody } from '@saathi/shared';
import type { z } from 'zod';
import type { CreateSosBody, SosAcceptBody } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { AppError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../core/errors';
import type { Metrics } from '../../core/metrics';
import type { EventBus } from '../../core/realtime';
import { acceptedMessage, fanoutMessage, passOnMessage, SOS_TOPICS } from './sos-delivery';
import { sosLadderRepository } from './sos-ladder.repository';
import { createPracticeAlerts } from './sos-practice';
import { toLivePosition, toOwnerView, toRecipientView, toVolunteerView } from './sos.mapper';
import type { SosRepository } from './sos.repository';
import type { SosEventRecord } from './sos.types';

export interface SosServiceDeps {
  sos: SosRepository;
  bus: EventBus;
  clock: Clock;
  radiiM: readonly number[];
  /** SOS alerts one user may raise per window (SOS_LIMITS.eventsPerWindow unless configured). */
  maxPerWindow?: number;
  /** Wakes the outbox worker after a commit, so delivery does not wait for the next poll. */
  kick: () => void;
  metrics: Pick<Metrics, 'sosRaised' | 'sosAccepted'>;
  log: { warn(obj: object, msg: string): void };
}

export class SosEndedError extends AppError {
  constructor(message = 'This SOS has ended') {
    super('sos_ended', message);
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export function createSosService(deps: SosServiceDeps) {
  const { sos, bus, clock, radiiM, kick, metrics, log } = deps;
  const windowMs = SOS_LIMITS.windowMinutes * 60_000;
  const maxPerWindow = deps.maxPerWindow ?? SOS_LIMITS.eventsPerWindow;

  const publish = (userIds: number[], event: Parameters<EventBus['publish']>[1]) =>
    bus.publish(userIds, event).catch((error: unknown) => log.warn({ reason: String(error) }, 'live event was not published'));

  async function ownedEvent(callerId: number, eventId: number): Promise<SosEventRecord> {
    const event = await sos.findEvent(eventId);
    if (!event) throw new NotFoundError('SOS not found', 'sos_not_found');
    if (event.userId !== callerId) throw new ForbiddenError('This SOS belongs to someone else', 'sos_not_yours');
    return event;
  }

  async function ownerView(event: SosEventRecord) {
    return toOwnerView(event, await sos.recipients(event.id));
  }

  async function respond(
    callerId: number,
    eventId: number,
    status: 'accepted' | 'declined',
    from: z.output<typeof SosAcceptBody>,
    declineReason: DeclineReason | null = null,
  ) {
    const now = clock();
    const result = await sos.transaction(async (trx) => {
      const event = await sos.findEvent(eventId, trx);
      if (!event) throw new NotFoundError('SOS not found', 'sos_not_found');
      const me = await sos.recipientOf(eventId, callerId, trx, true);
      // Volunteers it reached and the person's contacts who use the app may answer (the person, in a practice alert, is its volunteer).
      if (!me) throw new ForbiddenError('Only volunteers and contacts alerted for this SOS can answer it', 'sos_not_alerted');
      if (event.status !== 'active') throw new SosEndedError();
      const changed = me.status !== status;
      // The first person coming: how long the SOS waited for one (practice alerts aside).
      const firstAccept = changed && status === 'accepted' && !event.practice && !(await sos.hasAccepted(trx, eventId));
      if (changed || from) await sos.respond(trx, me.notificationId, status, now, from ?? undefined, declineReason);
      // A verified responder who says no passes the alert on at once (the outbox, with the answer).
      const passesOn = changed && status === 'declined' && me.tier === 'responder' && me.passedAt === null;
      if (passesOn && (await sosLadderRepository.markPassed(trx, me.notificationId, now))) {
        await sos.enqueue([passOnMessage(eventId, me.notificationId, 'declined', now)], trx);
      }
      const after = (await sos.recipientOf(eventId, callerId, trx)) ?? me;
      // The victim's notification and push go through the outbox: written with the answer, so
      // it cannot be lost, and the volunteer's answer does not wait for a push service.
      if (changed && status === 'accepted') await sos.enqueue([acceptedMessage(eventId, callerId, now)], trx);
      return { event, me: after, changed, moved: after.distanceM !== me.distanceM, passesOn, firstAccept };
    });
    if (result.firstAccept) metrics.sosAccepted((now.getTime() - result.event.createdAt.getTime()) / 1000);
    const recipient = toRecipientView(result.me, result.event.status === 'active');
    // The live event first (the victim's open screen shows it at once), then the outbox.
    if (result.changed || (status === 'accepted' && result.moved)) {
      // A second accept with a fresher position only updates how far they are.
      await publish([result.event.userId], { type: status === 'accepted' ? 'sos.accepted' : 'sos.declined', data: { eventId, recipient } });
    }
    if ((result.changed && status === 'accepted') || result.passesOn) kick();
    return { eventId, status: result.me.status, distanceM: result.me.distanceM };
  }

  /**
   * An accepted volunteer's or contact's status on the scene. The person's screen shows it at once (the live
   * `sos.accepted` carries the recipient); the other volunteers coming and contacts who use the
   * app refetch on `sos.updated`; the contacts' tracking page polls. Done ends a practice alert.
   */
  async function setSceneStatus(callerId: number, eventId: number, body: SceneStatusBody) {
    const now = clock();
    const result = await sos.transaction(async (trx) => {
      const event = await sos.findEvent(eventId, trx, true);
      if (!event) throw new NotFoundError('SOS not found', 'sos_not_found');
      const me = await sos.recipientOf(eventId, callerId, trx, true);
      if (!me) throw new ForbiddenError('Only volunteers and contacts alerted for this SOS can say where they are', 'sos_not_alerted');
      if (event.status !== 'active') throw new SosEndedError();
      if (me.status !== 'accepted') throw new AppError('sos_not_accepted', 'Accept the SOS first', 'status');
      const handedTo = body.handedTo ?? null;
      await sosLadderRepository.setSceneStatus(trx, me.notificationId, body.status, handedTo, now);
      const ends = event.practice && body.status === 'done';
      if (ends) await sos.end(trx, eventId, 'resolved', now);
      return { event, ends, me: (await sos.recipientOf(eventId, callerId, trx)) ?? me };
    });
    const { event } = result;
    await publish([event.userId], { type: 'sos.accepted', data: { eventId, recipient: toRecipientView(result.me, !result.ends) } });
    const others = (await sos.locationAudience(eventId)).filter((id) => id !== event.userId);
    await publish(others, { type: 'sos.updated', data: { eventId, status: result.ends ? 'resolved' : 'active' } });
    if (result.ends) await publish([event.userId], { type: 'sos.updated', data: { eventId, status: 'resolved' } });
    return { eventId, sceneStatus: body.status, handedTo: result.me.handedTo, eventStatus: result.ends ? ('resolved' as const) : event.status };
  }

  const practice = createPracticeAlerts({ sos, clock, kick, viewOf: (callerId: number, eventId: number) => view(callerId, eventId) });

  /** The owner sees everything; someone it reached sees their part while it is active. A practice alert's sender sees it as its volunteer. */
  async function view(callerId: number, eventId: number): Promise<SosEventView> {
    const event = await sos.findEvent(eventId);
    if (!event) throw new NotFoundError('SOS not found', 'sos_not_found');
    const me = await sos.recipientOf(eventId, callerId);
    if (event.userId === callerId && !(event.practice && me)) return ownerView(event);
    if (!me || me.userId === null) throw new ForbiddenError('This SOS belongs to someone else', 'sos_not_yours');
    if (event.status !== 'active') throw new AppError('sos_ended', 'This SOS has ended', undefined, undefined, 403);
    const others = me.status === 'accepted' ? await sos.sceneResponders(eventId, callerId) : [];
    return toVolunteerView(event, me, others);
  }

  return {
    /**
     * Raises an alert; with one already active, returns that one instead (a second press
     * or a retried request must not alert everyone twice).
     */
    async raise(callerId: number, input: z.output<typeof CreateSosBody>): Promise<{ created: boolean; view: SosEventView }> {
      const now = clock();
      let created = false;
      let eventId: number;
      try {
        eventId = await sos.transaction(async (trx) => {
          const { activeId, recent } = await sos.raiseCheck(trx, callerId, new Date(now.getTime() - windowMs));
          if (activeId !== undefined) return activeId;
          if (recent.length >= maxPerWindow) {
            const retryAfterMs = (recent[0] as Date).getTime() + windowMs - now.getTime();
            throw new TooManyRequestsError(
              `You can raise at most ${maxPerWindow} SOS alerts in ${SOS_LIMITS.windowMinutes} minutes. If you are in danger, call 112 now.`,
              Math.max(1, Math.ceil(retryAfterMs / 1000)),
              'sos_rate_limited',
              { limit: maxPerWindow, minutes: SOS_LIMITS.windowMinutes, seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
            );
          }
          const id = await sos.insertEvent(trx, {
            userId: callerId,
            threat: input.threat ?? null,
            contactsOnly: input.contactsOnly,
            latitude: input.latitude,
            longitude: input.longitude,
            accuracy: input.accuracy ?? null,
            radiusM: radiiM[0] as number,
            now,
          });
          // The fan-out is written with the event: if this commits, the alert will go out.
          await sos.enqueue([fanoutMessage(id, 0, now)], trx);
          created = true;
          return id;
        });
      } catch (error) {
        // Two presses at the same instant: the unique "one active per user" index picked one.
        if (!isUniqueViolation(error)) throw error;
        const active = await sos.findActiveEventOf(callerId);
        if (!active) throw error;
        eventId = active.id;
      }
      const event = await sos.findEvent(eventId);
      if (!event) throw new NotFoundError('SOS not found', 'sos_not_found');
      // A new alert has reached nobody yet (its fan-out starts below, or has only just started in
      // another process): no query for recipients; they reach the screen with the live updates.
      const view = created ? toOwnerView(event, []) : await ownerView(event);
      // After the answer is ready: on the embedded database the fan-out would queue ahead of it.
      if (created) {
        metrics.sosRaised();
        kick();
      }
      return { created, view };
    },

    view,

    async updateLocation(callerId: number, eventId: number, input: z.output<typeof SosLocationBody>) {
      const now = clock();
      await sos.transaction(async (trx) => {
        const event = await sos.findEvent(eventId, trx, true);
        if (!event) throw new NotFoundError('SOS not found', 'sos_not_found');
        if (event.userId !== callerId) throw new ForbiddenError('This SOS belongs to someone else', 'sos_not_yours');
        if (event.status !== 'active') throw new SosEndedError();
        await sos.recordLocation(trx, eventId, {
          latitude: input.latitude,
          longitude: input.longitude,
          accuracy: input.accuracy ?? null,
          heading: input.heading ?? null,
          speed: input.speed ?? null,
          now,
        });
      });
      const location = toLivePosition({ latitude: input.latitude, longitude: input.longitude, accuracy: input.accuracy ?? null, at: now });
      await publish([callerId, ...(await sos.locationAudience(eventId))], { type: 'sos.location', data: { eventId, location } });
      return { ok: true as const, location };
    },

    async end(callerId: number, eventId: number, status: 'resolved' | 'cancelled'): Promise<SosEventView> {
      const now = clock();
      await sos.transaction(async (trx) => {
        const event = await sos.findEvent(eventId, trx, true);
        if (!event) throw new NotFoundError('SOS not found', 'sos_not_found');
        if (event.userId !== callerId) throw new ForbiddenError('This SOS belongs to someone else', 'sos_not_yours');
        if (event.status !== 'active') throw new SosEndedError(`This SOS was already ${event.status}`);
        await sos.end(trx, eventId, status, now);
        // A cancel after the alert went out tells everyone it reached (same transaction).
        if (status === 'cancelled') {
          await sos.enqueue([{ topic: SOS_TOPICS.allClear, payload: { eventId }, dedupeKey: `sos:${eventId}:all_clear`, dueAt: now }], trx);
        }
      });
      if (status === 'cancelled') kick();
      await publish([callerId, ...(await sos.audience(eventId))], { type: 'sos.updated', data: { eventId, status } });
      return ownerView(await ownedEvent(callerId, eventId));
    },

    accept: (callerId: number, eventId: number, from: z.output<typeof SosAcceptBody>) => respond(callerId, eventId, 'accepted', from),
    decline: (callerId: number, eventId: number, reason: DeclineReason | null) => respond(callerId, eventId, 'declined', undefined, reason),
    setSceneStatus,
    practice: (callerId: number, at: z.output<typeof SosAcceptBody>) => practice.send(callerId, at),

    ownedEvent,
  };
}

export type SosService = ReturnType<typeof createSosService>;
