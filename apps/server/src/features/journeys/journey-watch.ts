import { JOURNEY_LIMITS, metresBetween, type JourneyCheckReason, type JourneyMode } from '@saathi/shared';

/**
 * What the server watches of a journey between the phone's batches, so that it notices on its
 * own when a trip goes wrong:
 *
 * - stopped: every point for 10 minutes within 100 m (or the points' accuracy, up to 500 m) of
 *   where the stop began, away from the destination and the person's saved places;
 * - off course: farther from the destination than the nearest point so far by 1 km on foot
 *   (3 km riding), for 3 minutes;
 * - silent: no point for 10 minutes from a phone that had been sending them.
 *
 * Pure: the service feeds it each batch's new points in time order and stores the state on the
 * journey's row; the watch pass (journeys-watch.ts) reads the rows whose `watchDueAt` came.
 */
export interface WatchState {
  lastPointAt: Date | null;
  /** Where the current stop began (the first point not within the stop radius of the one before). */
  anchor: { latitude: number; longitude: number } | null;
  stillSince: Date | null;
  /** The nearest to the destination of any point so far. */
  closestM: number | null;
  offCourseSince: Date | null;
}

export interface WatchPoint {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  at: Date;
}

/** A point vaguer than this says nothing about where the person is (a cell-tower fix). */
const USABLE_ACCURACY_M = 1000;
/** The widest a stop is allowed to be, however vague the points. */
const STOP_RADIUS_MAX_M = 500;

export const EMPTY_WATCH: WatchState = { lastPointAt: null, anchor: null, stillSince: null, closestM: null, offCourseSince: null };

export const offCourseMetres = (mode: JourneyMode) => (mode === 'walk' ? JOURNEY_LIMITS.offCourseWalkM : JOURNEY_LIMITS.offCourseOtherM);

/** The state after `points` (any order; only those newer than the newest seen count). */
export function advanceWatch(
  state: WatchState,
  points: readonly WatchPoint[],
  journey: { destination: { latitude: number; longitude: number }; mode: JourneyMode },
): WatchState {
  let next = { ...state };
  const fresh = points.filter((p) => !state.lastPointAt || p.at > state.lastPointAt).sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const point of fresh) {
    next.lastPointAt = point.at;
    if ((point.accuracy ?? 0) > USABLE_ACCURACY_M) continue;
    const radius = Math.min(STOP_RADIUS_MAX_M, Math.max(JOURNEY_LIMITS.stoppedRadiusM, point.accuracy ?? 0));
    if (!next.anchor || metresBetween(point, next.anchor) > radius) {
      next = { ...next, anchor: { latitude: point.latitude, longitude: point.longitude }, stillSince: point.at };
    }
    const toDestination = metresBetween(point, journey.destination);
    const away = next.closestM !== null && toDestination > next.closestM + offCourseMetres(journey.mode);
    next.offCourseSince = away ? (next.offCourseSince ?? point.at) : null;
    next.closestM = next.closestM === null ? toDestination : Math.min(next.closestM, toDestination);
  }
  return next;
}

/** When each check would fall due, by reason; `minuteMs` is the timer's minute (shorter in tests). */
export function checkTimes(state: WatchState, minuteMs: number): Record<JourneyCheckReason, number | null> {
  const after = (from: Date | null, minutes: number) => (from ? from.getTime() + minutes * minuteMs : null);
  return {
    off_course: after(state.offCourseSince, JOURNEY_LIMITS.offCourseMinutes),
    silent: after(state.lastPointAt, JOURNEY_LIMITS.silentMinutes),
    stopped: after(state.stillSince, JOURNEY_LIMITS.stoppedMinutes),
  };
}

/** The earliest time a check may fall due: the watch pass looks at the journey then (null: never). */
export function watchDueAt(state: WatchState, minuteMs: number): Date | null {
  const times = Object.values(checkTimes(state, minuteMs)).filter((t): t is number => t !== null);
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

/**
 * Which check is due at `now`, if any. A stop near the destination or a saved place is expected
 * (`nearPlace`), so it asks nothing; going off course is asked first, then silence, then a stop.
 */
export function dueCheck(state: WatchState, now: Date, minuteMs: number, nearPlace: boolean): JourneyCheckReason | null {
  const times = checkTimes(state, minuteMs);
  const due = (reason: JourneyCheckReason) => times[reason] !== null && times[reason] <= now.getTime();
  if (due('off_course')) return 'off_course';
  if (due('silent')) return 'silent';
  if (due('stopped') && !nearPlace) return 'stopped';
  return null;
}

/** After "I'm OK": the watch starts afresh from now and from where the person is. */
export function watchAfterAnswer(
  state: WatchState,
  now: Date,
  current: { latitude: number; longitude: number } | null,
  destination: { latitude: number; longitude: number },
): WatchState {
  return {
    lastPointAt: state.lastPointAt && state.lastPointAt > now ? state.lastPointAt : now,
    anchor: current,
    stillSince: current ? now : null,
    closestM: current ? metresBetween(current, destination) : state.closestM,
    offCourseSince: null,
  };
}
