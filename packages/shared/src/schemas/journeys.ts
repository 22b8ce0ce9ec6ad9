import { z } from 'zod';
import { JOURNEY_ESTIMATE, JOURNEY_MODES } from '../domain/journey-estimate';
import { Id, Latitude, Longitude } from './common';
import { SAFETY_TIMER_LIMITS, SAFETY_TIMER_STAGES, SafetyTimerCheckInBody, SafetyTimerExtendBody, SafetyTimerLocation } from './safety-timer';

/** "Walk me home": a journey the chosen contacts can watch (apps/server/src/features/journeys/README.md). */
export const JOURNEY_LIMITS = {
  ...JOURNEY_ESTIMATE,
  /** Points in one `positions` call: ten minutes of a phone sending every 10 s, with room to spare. */
  pointsPerBatch: 120,
  /** At most one point is kept per this many seconds. */
  keepEverySeconds: 10,
  /** A point this near the destination (or its accuracy, when larger) asks "Arrived?". */
  arrivalRadiusM: 150,
  /** Unanswered for this long, the question ends the journey as arrived. */
  arrivalQuestionMinutes: 2,
  /** No movement beyond `stoppedRadiusM` for this long, away from the destination and the saved places, asks "Are you OK?". */
  stoppedMinutes: 10,
  stoppedRadiusM: 100,
  /** Within this of a saved place (or the destination), a stop is expected: a tea stall near home, a bus stop. */
  placeRadiusM: 250,
  /** No point at all for this long, from a phone that had been sending them, asks "Are you OK?" too. */
  silentMinutes: 10,
  /** Farther from the destination than the nearest point so far by this much (walking; `offCourseOtherM` riding), for `offCourseMinutes`. */
  offCourseWalkM: 1000,
  offCourseOtherM: 3000,
  offCourseMinutes: 3,
  /** "Are you OK?" unanswered for this long alerts the contacts. */
  checkAnswerMinutes: 3,
  /** A safely ended journey's track is deleted this long after its end. */
  trackKeptHours: 24,
} as const;

export const JourneyDestination = z.strictObject({
  name: z.string().trim().min(1).max(SAFETY_TIMER_LIMITS.destinationMaxLength).optional(),
  latitude: Latitude,
  longitude: Longitude,
});
export type JourneyDestination = z.infer<typeof JourneyDestination>;

/** walk, auto (or taxi), bus, own vehicle. */
export const JourneyModeSchema = z.enum(JOURNEY_MODES);

export const StartJourneyBody = z.strictObject({
  destination: JourneyDestination,
  mode: JourneyModeSchema,
  /** Which of the caller's emergency contacts watch the journey; all of them when left out. */
  contactIds: z.array(Id).min(1).max(SAFETY_TIMER_LIMITS.contactsMax).optional(),
  /** When the person expects to arrive (5 to 200 minutes from now). Left out: estimated from `origin`, the destination and the mode. */
  expectedArrivalAt: z.iso.datetime({ offset: true, error: 'expectedArrivalAt must be a date and time (ISO 8601)' }).optional(),
  /** Where the journey starts: its first point, and the distance the expected arrival is estimated from. */
  origin: SafetyTimerLocation.optional(),
});
export type StartJourneyBody = z.input<typeof StartJourneyBody>;

export const JourneyStarted = z.object({
  id: z.number().int(),
  status: z.literal('active'),
  expectedArrivalAt: z.string(),
  /** The live-tracking page the contacts were sent, for the person to share further. */
  trackingUrl: z.string(),
});
export type JourneyStarted = z.infer<typeof JourneyStarted>;

export const JourneyPoint = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.number().min(0).max(100_000).optional(),
  at: z.iso.datetime({ offset: true, error: 'at must be a date and time (ISO 8601)' }),
});
export type JourneyPoint = z.infer<typeof JourneyPoint>;

export const JourneyPositionsBody = z.strictObject({
  points: z
    .array(JourneyPoint)
    .min(1, 'points must hold at least one point')
    .max(JOURNEY_LIMITS.pointsPerBatch, `points holds at most ${JOURNEY_LIMITS.pointsPerBatch} points`),
});
export type JourneyPositionsBody = z.infer<typeof JourneyPositionsBody>;

/** "Arrived? Enter your PIN", asked once a point came near the destination; unanswered until `endsAt`, the journey ends as arrived. */
export const JourneyArrivalQuestion = z.object({ askedAt: z.string(), endsAt: z.string() });

/** The answer to a batch of points: the same for every ended journey, however it ended. */
export const JourneyPositionsAnswer = z.object({ arrival: JourneyArrivalQuestion.nullable() });
export type JourneyPositionsAnswer = z.infer<typeof JourneyPositionsAnswer>;

/** Why the server asked "Are you OK?" on its own: no movement, no position from the phone, or moving away from the destination. */
export const JOURNEY_CHECK_REASONS = ['stopped', 'silent', 'off_course'] as const;
export type JourneyCheckReason = (typeof JOURNEY_CHECK_REASONS)[number];

/** "Are you OK?", asked at `askedAt`; unanswered until `endsAt`, the contacts are alerted. Answered with `POST /journeys/{id}/ok {pin}`. */
export const JourneyCheck = z.object({ reason: z.enum(JOURNEY_CHECK_REASONS), askedAt: z.string(), endsAt: z.string() });
export type JourneyCheck = z.infer<typeof JourneyCheck>;

export const JourneyView = z.object({
  id: z.number().int(),
  /** An ended journey says `arrived`, however it ended (a duress PIN must look like the safe one). */
  status: z.enum(['active', 'arrived']),
  /** The safety timer's stage under the journey: `overdue` is "Are you OK?", then `contacts_alerted`, `sos_raised`. */
  stage: z.enum(SAFETY_TIMER_STAGES),
  destination: z.object({ name: z.string().nullable(), latitude: z.number(), longitude: z.number() }),
  mode: JourneyModeSchema,
  startedAt: z.string(),
  expectedArrivalAt: z.string(),
  /** When the stages start if the journey has not ended: the expected arrival plus the grace. */
  alertAt: z.string(),
  endedAt: z.string().nullable(),
  /** Null: all of the caller's emergency contacts. */
  contactIds: z.array(z.number().int()).nullable(),
  extendedMinutes: z.number().int(),
  extendableMinutes: z.number().int(),
  arrival: JourneyArrivalQuestion.nullable(),
  /** "Are you OK?" asked because the journey stopped, fell silent or went off course; null when none is open. */
  check: JourneyCheck.nullable(),
  trackingUrl: z.string().nullable(),
});
export type JourneyView = z.infer<typeof JourneyView>;

export const CurrentJourney = z.object({ journey: JourneyView.nullable() });
export type CurrentJourney = z.infer<typeof CurrentJourney>;

export const JourneyArriveBody = SafetyTimerCheckInBody;
/** The same answer for the safety and the duress PIN. */
export const JourneyArrived = z.object({ status: z.literal('arrived') });
export const JourneyExtendBody = SafetyTimerExtendBody;
/** "I'm OK, go on": answers an open check with a PIN; the duress PIN answers the same while alerting the contacts silently. */
export const JourneyOkBody = SafetyTimerCheckInBody;
export const JourneyOk = z.object({ status: z.literal('active') });
