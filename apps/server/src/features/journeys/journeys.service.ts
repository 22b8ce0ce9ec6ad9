import {
  estimateTripMinutes,
  JOURNEY_LIMITS,
  journeyGraceMinutes,
  metresBetween,
  SAFETY_TIMER_LIMITS,
  type CurrentJourney,
  type JourneyPositionsAnswer,
  type JourneyStarted,
  type JourneyView,
} from '@saathi/shared';
import type { JourneyPositionsBody, StartJourneyBody } from '@saathi/shared';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { sha256Hex } from '../../core/crypto';
import { enqueue } from '../../core/outbox';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { LINK_AFTER_END_MS, timerLinkToken, type SafetyTimerService, type StageOffsets } from '../safety-timer';
import { advanceWatch, watchAfterAnswer, watchDueAt } from './journey-watch';
import { arrivalMessages, watchMessage } from './journeys-delivery';
import type { JourneyRecord, JourneysRepository } from './journeys.repository';

export interface JourneysServiceDeps {
  journeys: JourneysRepository;
  timers: SafetyTimerService;
  clock: Clock;
  offsets: Pick<StageOffsets, 'minuteMs'>;
  secret: string;
  publicUrl: string;
}

/** The person's own link carries this in place of a phone number. */
const SHARE = 'share';

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : undefined);

export function createJourneysService({ journeys, timers, clock, offsets, secret, publicUrl }: JourneysServiceDeps) {
  /** The same short path as the SMS links (`/t/<token>` redirects to the tracking page), with the scheme: this one is shared by hand. */
  const trackingUrl = (id: number) => new URL(`/t/${timerLinkToken(secret, id, SHARE)}`, publicUrl).toString();

  /** A question asked at `askedAt`, open for `minutes`: `{askedAt, endsAt}`. */
  const openFor = (askedAt: Date, minutes: number) => ({
    askedAt: askedAt.toISOString(),
    endsAt: new Date(askedAt.getTime() + minutes * offsets.minuteMs).toISOString(),
  });
  /** "Arrived? Enter your PIN", open for 2 minutes (`endsAt`). */
  const arrivalQuestion = (askedAt: Date | null) => (askedAt ? openFor(askedAt, JOURNEY_LIMITS.arrivalQuestionMinutes) : null);

  async function own(userId: number, id: number): Promise<JourneyRecord> {
    const journey = await journeys.find(id);
    // Someone else's journey is answered like one that does not exist.
    if (!journey || journey.userId !== userId) throw new NotFoundError('Journey not found', 'journey_not_found');
    return journey;
  }

  /** The same view for every ended journey, however it ended: a duress PIN must look like the safe one. */
  function viewOf(journey: JourneyRecord): JourneyView {
    const active = journey.timerStatus === 'running';
    const askedAt = active ? journey.arrivalAskedAt : null;
    return {
      id: journey.id,
      status: active ? 'active' : 'arrived',
      stage: active ? journey.stage : 'ended',
      destination: { name: journey.destinationName, ...journey.destination },
      mode: journey.mode,
      startedAt: journey.startedAt.toISOString(),
      expectedArrivalAt: journey.expectedArrivalAt.toISOString(),
      alertAt: journey.dueAt.toISOString(),
      endedAt: journey.endedAt?.toISOString() ?? null,
      contactIds: journey.contactIds,
      extendedMinutes: journey.extendedMinutes,
      extendableMinutes: active ? SAFETY_TIMER_LIMITS.extendTotalMinutes - journey.extendedMinutes : 0,
      arrival: arrivalQuestion(askedAt),
      check: active && journey.check ? { reason: journey.check.reason, ...openFor(journey.check.askedAt, JOURNEY_LIMITS.checkAnswerMinutes) } : null,
      trackingUrl: active ? trackingUrl(journey.id) : null,
    };
  }

  /** Minutes from `now` to the expected arrival: as given (5 to 200), or estimated from the origin, the destination and the mode. */
  function tripMinutes(input: z.output<typeof StartJourneyBody>, now: Date): number {
    if (input.expectedArrivalAt !== undefined) {
      const minutes = (new Date(input.expectedArrivalAt).getTime() - now.getTime()) / offsets.minuteMs;
      if (minutes < JOURNEY_LIMITS.minTripMinutes - 0.05 || minutes > JOURNEY_LIMITS.maxTripMinutes + 0.05) {
        throw new ValidationError(
          `expectedArrivalAt must be ${JOURNEY_LIMITS.minTripMinutes} to ${JOURNEY_LIMITS.maxTripMinutes} minutes from now`,
          'expectedArrivalAt',
        );
      }
      return minutes;
    }
    if (!input.origin) throw new ValidationError('Give expectedArrivalAt, or origin to estimate it from', 'expectedArrivalAt');
    return estimateTripMinutes(metresBetween(input.origin, input.destination), input.mode);
  }

  return {
    async start(userId: number, input: z.output<typeof StartJourneyBody>): Promise<JourneyStarted> {
      const now = clock();
      const minutes = tripMinutes(input, now);
      const expectedArrivalAt = new Date(now.getTime() + Math.round(minutes * offsets.minuteMs));
      const graceMinutes = journeyGraceMinutes(Math.ceil(minutes));
      const dueAt = new Date(expectedArrivalAt.getTime() + graceMinutes * offsets.minuteMs);
      try {
        const { id } = await timers.start(
          userId,
          {
            durationMinutes: Math.min(SAFETY_TIMER_LIMITS.maxMinutes, Math.ceil(minutes + graceMinutes)),
            destination: input.destination.name,
            contactIds: input.contactIds,
            contactsOnly: false,
            location: input.origin,
          },
          {
            dueAt,
            write: async (trx, timerId) => {
              await journeys.insert(trx, {
                timerId,
                userId,
                destinationName: input.destination.name ?? null,
                destination: { latitude: input.destination.latitude, longitude: input.destination.longitude },
                mode: input.mode,
                expectedArrivalAt,
                graceMinutes,
              });
              await journeys.insertShareLink(trx, timerId, sha256Hex(timerLinkToken(secret, timerId, SHARE)), new Date(dueAt.getTime() + LINK_AFTER_END_MS));
              // The watch pass runs while journeys do; this starts it if none is planned.
              await enqueue(trx, [watchMessage(now, offsets)]);
            },
          },
        );
        return { id, status: 'active', expectedArrivalAt: expectedArrivalAt.toISOString(), trackingUrl: trackingUrl(id) };
      } catch (error) {
        if (codeOf(error) === 'safety_timer_running') throw new ConflictError('A journey or a safety timer is already running', undefined, 'journey_running');
        throw error;
      }
    },

    async current(userId: number): Promise<CurrentJourney> {
      const journey = await journeys.newestOf(userId);
      return { journey: journey ? viewOf(journey) : null };
    },

    /**
     * The track. A journey that ended by duress keeps its points (its contacts are following
     * it); any other ended one keeps nothing. Both answer the same.
     */
    async addPositions(userId: number, id: number, body: z.output<typeof JourneyPositionsBody>): Promise<JourneyPositionsAnswer> {
      const journey = await own(userId, id);
      const active = journey.timerStatus === 'running';
      if (!active && journey.endReason !== 'duress') return { arrival: null };
      const now = clock();
      // Points from before the journey, or from the future, are a phone's clock gone wrong: skipped.
      // After a duress ending, only points from after it: the ones from before it came too late,
      // and a safe ending would not keep them either (the export shows the track up to the end).
      const from = active ? journey.startedAt.getTime() - 60_000 : (journey.endedAt?.getTime() ?? 0) + 1;
      const points = body.points
        .map((p) => ({ latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy ?? null, at: new Date(p.at) }))
        .filter((p) => p.at.getTime() >= from && p.at.getTime() <= now.getTime() + 60_000);
      if (!active) {
        await journeys.addPoints(id, points);
        return { arrival: null };
      }
      const state = advanceWatch(journey.watch, points, journey);
      // An open "Are you OK?" waits for its answer: the watch looks again once it is answered.
      const dueAt = journey.check ? null : watchDueAt(state, offsets.minuteMs);
      await journeys.addPoints(id, points, { state, dueAt, readAt: journey.watch.lastPointAt });
      let askedAt = journey.arrivalAskedAt;
      const near = points.some((p) => metresBetween(p, journey.destination) <= Math.max(JOURNEY_LIMITS.arrivalRadiusM, p.accuracy ?? 0));
      if (!askedAt && near && (await journeys.askArrival(id, now, arrivalMessages(id, now, offsets)))) askedAt = now;
      return { arrival: arrivalQuestion(askedAt) };
    },

    /** The timer's check-in: the same answer, work and timing for the safety and the duress PIN. */
    async arrive(userId: number, id: number, pin: string): Promise<{ status: 'arrived' }> {
      const journey = await own(userId, id);
      if (journey.timerStatus !== 'running') throw new ConflictError('This journey has already ended', undefined, 'journey_ended');
      try {
        await timers.checkIn(userId, id, pin);
      } catch (error) {
        if (codeOf(error) === 'safety_timer_ended') throw new ConflictError('This journey has already ended', undefined, 'journey_ended');
        throw error;
      }
      return { status: 'arrived' };
    },

    /**
     * "I'm OK, go on", with a PIN: the timer checks both PINs the same way (a duress PIN answers
     * the same while its contacts are alerted silently), and the watch starts afresh from here.
     */
    async ok(userId: number, id: number, pin: string): Promise<{ status: 'active' }> {
      const journey = await own(userId, id);
      if (journey.timerStatus !== 'running') throw new ConflictError('This journey has already ended', undefined, 'journey_ended');
      try {
        await timers.confirmOk(userId, id, pin, async (trx, now) => {
          const state = watchAfterAnswer(journey.watch, now, journey.lastPosition, journey.destination);
          await journeys.answerCheck(trx, id, state, watchDueAt(state, offsets.minuteMs));
        });
      } catch (error) {
        if (codeOf(error) === 'safety_timer_ended') throw new ConflictError('This journey has already ended', undefined, 'journey_ended');
        throw error;
      }
      return { status: 'active' };
    },

    async extend(userId: number, id: number, minutes: number): Promise<JourneyView> {
      const before = await own(userId, id);
      if (before.timerStatus !== 'running') throw new ConflictError('This journey has already ended', undefined, 'journey_ended');
      try {
        await timers.extend(userId, id, minutes);
      } catch (error) {
        if (codeOf(error) === 'safety_timer_ended') throw new ConflictError('This journey has already ended', undefined, 'journey_ended');
        throw error;
      }
      return viewOf(await own(userId, id));
    },
  };
}

export type JourneysService = ReturnType<typeof createJourneysService>;
