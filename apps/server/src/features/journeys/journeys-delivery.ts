import { DEFAULT_LANGUAGE, isLanguage, JOURNEY_LIMITS, type JourneyCheckReason, type Language } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import type { DbRef } from '../../core/db/db-ref';
import { alertsT } from '../../core/i18n';
import type { NewNotification, NotificationsService } from '../../core/notifications';
import { enqueue, type OutboxHandler, type OutboxMessage } from '../../core/outbox';
import type { SafetyTimerService, SafetyTimerWork } from '../safety-timer';
import { dueCheck, watchDueAt } from './journey-watch';
import { createJourneysRepository, type WatchOutcome } from './journeys.repository';

export const JOURNEY_TOPICS = {
  /** The watch pass: asks "Are you OK?" where a journey stopped, fell silent or went off course, and forgets old tracks. */
  watch: 'journeys.watch',
  /** "Arrived? Enter your PIN": the owner's push, at once. */
  arrivalAsked: 'journeys.arrival_asked',
  /** "Arrived?" unanswered: the journey ends as arrived. */
  arrival: 'journeys.arrival',
  /** "Are you OK?" unanswered: the contacts are alerted. */
  checkExpired: 'journeys.check_expired',
} as const;

/** The web route a journey's notifications open. */
const JOURNEY_URL = '/journey';
/** Journeys a watch pass looks at, at most; more wait for the next pass, a moment later. */
const WATCH_BATCH = 2000;
/** Safely ended tracks deleted per pass. */
const FORGET_BATCH = 1000;

export interface JourneyTiming {
  /** The timer's minute (shorter in tests and end-to-end runs). */
  minuteMs: number;
}

/** How often the watch looks while journeys run: a quarter of a minute (a stop is noticed within 15 s of its 10 minutes). */
export const watchEveryMs = ({ minuteMs }: JourneyTiming) => Math.max(250, Math.round(minuteMs / 4));
export const trackKeptMs = ({ minuteMs }: JourneyTiming) => JOURNEY_LIMITS.trackKeptHours * 60 * minuteMs;

/**
 * The watch pass's job for the window of `at`: one per window however many processes or
 * journeys ask for it (the dedupe key), so the chain of passes never doubles.
 */
export function watchMessage(at: Date, timing: JourneyTiming): OutboxMessage {
  const every = watchEveryMs(timing);
  const slot = Math.ceil(at.getTime() / every);
  return { topic: JOURNEY_TOPICS.watch, payload: {}, dedupeKey: `journeys:watch:${slot}`, dueAt: new Date(slot * every) };
}

/** "Arrived?": the push now, and the ending 2 minutes later unless a PIN came first. */
export const arrivalMessages = (timerId: number, askedAt: Date, timing: JourneyTiming): OutboxMessage[] => [
  { topic: JOURNEY_TOPICS.arrivalAsked, payload: { timerId }, dedupeKey: `journeys:${timerId}:arrival_asked:${askedAt.getTime()}`, dueAt: askedAt },
  {
    topic: JOURNEY_TOPICS.arrival,
    payload: { timerId, askedAtMs: askedAt.getTime() },
    dedupeKey: `journeys:${timerId}:arrival:${askedAt.getTime()}`,
    dueAt: new Date(askedAt.getTime() + JOURNEY_LIMITS.arrivalQuestionMinutes * timing.minuteMs),
  },
];

const checkExpiredMessage = (timerId: number, askedAt: Date, timing: JourneyTiming): OutboxMessage => ({
  topic: JOURNEY_TOPICS.checkExpired,
  payload: { timerId, askedAtMs: askedAt.getTime() },
  dedupeKey: `journeys:${timerId}:check:${askedAt.getTime()}`,
  dueAt: new Date(askedAt.getTime() + JOURNEY_LIMITS.checkAnswerMinutes * timing.minuteMs),
});

const languageOf = (value: string | null): Language => (value !== null && isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** The owner's push: "Arrived? Enter your PIN", or "Are you OK?" with the reason in words. */
export function journeyQuestion(
  language: Language,
  question: 'arrival' | JourneyCheckReason,
  place: string | null,
): Pick<NewNotification, 'title' | 'body'> & { actionTitle: string } {
  const t = alertsT(language);
  const minutes = question === 'arrival' ? JOURNEY_LIMITS.arrivalQuestionMinutes : JOURNEY_LIMITS.checkAnswerMinutes;
  return {
    title: t(`journey.${question}.title`),
    body: t(`journey.${question}.body`, { place: place ?? t('journey.yourDestination'), minutes }),
    actionTitle: t('journey.openJourney'),
  };
}

export interface JourneyDeliveryDeps {
  dbRef: DbRef;
  notifications: NotificationsService;
  timers: SafetyTimerService;
  work: Pick<SafetyTimerWork, 'alertContactsNow'>;
  clock: Clock;
  timing: JourneyTiming;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export function createJourneyHandlers(deps: JourneyDeliveryDeps): Record<string, OutboxHandler> {
  const { timing, notifications } = deps;
  const journeys = createJourneysRepository(deps.dbRef);

  /**
   * One pass: every journey whose watch time came is asked "Are you OK?" if it stopped away from
   * its places, fell silent or went off course (the question and the job that alerts the contacts
   * 3 minutes later are written together), or gets its next watch time. Then old tracks are
   * forgotten, and the next pass is planned while there is anything left to watch.
   */
  async function watchPass(now: Date): Promise<void> {
    const asked = await journeys.transaction(async (trx) => {
      const due = await journeys.dueForWatch(trx, now, WATCH_BATCH);
      const outcomes: WatchOutcome[] = [];
      const questions: Array<{ journey: (typeof due)[number]; reason: JourneyCheckReason }> = [];
      for (const journey of due) {
        // A journey that ended, asks "Arrived?", already asks "Are you OK?" or is late (the timer's stages run) is not watched.
        const watching = journey.running && !journey.arrivalAsked && !journey.checkOpen && (journey.stage === 'running' || journey.stage === 'reminded');
        const reason = watching ? dueCheck(journey.watch, now, timing.minuteMs, journey.nearPlace) : null;
        if (reason) {
          outcomes.push({ id: journey.id, reason, dueAt: null, clearStop: false });
          questions.push({ journey, reason });
          continue;
        }
        // A stop near a place asks nothing: it is forgotten, and the watch goes on with the rest.
        const clearStop = watching && journey.nearPlace;
        const next = watching ? watchDueAt({ ...journey.watch, stillSince: clearStop ? null : journey.watch.stillSince }, timing.minuteMs) : null;
        outcomes.push({ id: journey.id, reason: null, dueAt: next && next > now ? next : null, clearStop });
      }
      await journeys.settleWatch(trx, outcomes, now);
      await enqueue(
        trx,
        questions.map((q) => checkExpiredMessage(q.journey.id, now, timing)),
      );
      return questions;
    });

    await notifications.deliver(
      asked.map(({ journey, reason }) => {
        const { actionTitle, ...texts } = journeyQuestion(languageOf(journey.language), reason, journey.destinationName);
        return {
          userId: journey.userId,
          type: 'journey.check',
          ...texts,
          data: { url: JOURNEY_URL, timerId: journey.id, actionTitle },
          dedupeKey: `journeys:${journey.id}:check:${now.getTime()}`,
        };
      }),
    );
    if (asked.length > 0) deps.log.info({ journeys: asked.length }, 'journeys: "Are you OK?" asked');

    const forgotten = await journeys.forgetTracks(now, trackKeptMs(timing), FORGET_BATCH);
    if (forgotten > 0) deps.log.info({ journeys: forgotten }, 'journeys: tracks of safely ended journeys deleted');

    const next = await journeys.nextWatchWork(now, trackKeptMs(timing));
    if (next) await enqueue(deps.dbRef.db, [watchMessage(new Date(Math.max(next.getTime(), now.getTime() + watchEveryMs(timing))), timing)]);
  }

  return {
    [JOURNEY_TOPICS.watch]: (_payload, { now }) => watchPass(now),
    [JOURNEY_TOPICS.arrivalAsked]: async (payload) => {
      const journey = await journeys.find(Number(payload.timerId));
      if (!journey || journey.timerStatus !== 'running' || !journey.arrivalAskedAt) return;
      const { actionTitle, ...texts } = journeyQuestion(languageOf(journey.ownerLanguage), 'arrival', journey.destinationName);
      await notifications.deliver([
        {
          userId: journey.userId,
          type: 'journey.arrival',
          ...texts,
          data: { url: JOURNEY_URL, timerId: journey.id, actionTitle },
          dedupeKey: `journeys:${journey.id}:arrival:${journey.arrivalAskedAt.getTime()}`,
        },
      ]);
    },
    [JOURNEY_TOPICS.arrival]: async (payload) => {
      const timerId = Number(payload.timerId);
      if (await journeys.stillAsked(timerId, 'arrival_asked_at', new Date(Number(payload.askedAtMs)))) await deps.timers.endArrived(timerId);
    },
    [JOURNEY_TOPICS.checkExpired]: async (payload, { now }) => {
      const timerId = Number(payload.timerId);
      if (await journeys.stillAsked(timerId, 'check_asked_at', new Date(Number(payload.askedAtMs)))) await deps.work.alertContactsNow([timerId], now);
    },
  };
}
