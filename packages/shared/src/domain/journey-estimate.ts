/**
 * How long a trip in an Indian city takes, for a journey's expected arrival (shown before the
 * start and editable; the server uses the same figures when the phone sends no time). Speeds are
 * door-to-door averages in city traffic; roads are not straight, so the distance as the crow
 * flies is stretched by ROUTE_FACTOR.
 */
export const JOURNEY_MODES = ['walk', 'auto', 'bus', 'vehicle'] as const;
export type JourneyMode = (typeof JOURNEY_MODES)[number];

const KMH: Record<JourneyMode, number> = { walk: 4.5, auto: 18, bus: 14, vehicle: 22 };
/** Waiting for a bus (or an auto) before moving at all. */
const WAIT_MINUTES: Record<JourneyMode, number> = { walk: 0, auto: 3, bus: 10, vehicle: 0 };
const ROUTE_FACTOR = 1.3;

export const JOURNEY_ESTIMATE = {
  /** A journey lasts at least this long to its expected arrival. */
  minTripMinutes: 5,
  /** And at most this long, so that with its grace it fits a safety timer (240 minutes). */
  maxTripMinutes: 200,
} as const;

/** Minutes from the start to the expected arrival, whole and within the journey's limits. */
export function estimateTripMinutes(distanceM: number, mode: JourneyMode): number {
  const moving = ((distanceM * ROUTE_FACTOR) / 1000 / KMH[mode]) * 60;
  const minutes = Math.ceil(moving + WAIT_MINUTES[mode]);
  return Math.min(JOURNEY_ESTIMATE.maxTripMinutes, Math.max(JOURNEY_ESTIMATE.minTripMinutes, minutes));
}

/** The grace after the expected arrival before the alarm stages start: 10 minutes, or a fifth of the trip when that is longer. */
export function journeyGraceMinutes(tripMinutes: number): number {
  return Math.max(10, Math.ceil(tripMinutes * 0.2));
}
