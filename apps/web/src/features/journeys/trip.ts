import { estimateTripMinutes, JOURNEY_LIMITS, metresBetween, type JourneyMode, type LatLon } from '@saathi/shared';

/** Minutes to the destination, from where the phone is and how the person goes; null while either is unknown. */
export function estimatedMinutes(origin: LatLon | null, destination: LatLon | null, mode: JourneyMode): number | null {
  if (!origin || !destination) return null;
  return estimateTripMinutes(metresBetween(origin, destination), mode);
}

/** Whether a trip of `minutes` may start: whole minutes, 5 to 200 (the server's rule). */
export function minutesValid(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= JOURNEY_LIMITS.minTripMinutes && minutes <= JOURNEY_LIMITS.maxTripMinutes;
}

/**
 * The expected arrival sent for minutes the person set: a few seconds more, so the time the
 * request takes never brings it under the minimum, never past the maximum.
 */
export function expectedArrivalAt(minutes: number, now = Date.now()): string {
  const ms = Math.min(minutes * 60_000 + 15_000, JOURNEY_LIMITS.maxTripMinutes * 60_000);
  return new Date(now + ms).toISOString();
}
