import { z } from 'zod';
import { SmsDelivery } from './sos';
import { Id, Latitude, Longitude } from './common';

/** The safety timer's limits ("walk me home", docs in apps/server/src/features/safety-timer/README.md). */
export const SAFETY_TIMER_LIMITS = {
  minMinutes: 5,
  maxMinutes: 240,
  extendMinMinutes: 5,
  extendMaxMinutes: 30,
  /** All extensions of one timer together. */
  extendTotalMinutes: 60,
  /** Wrong PINs in a row that raise the silent alert. */
  wrongPinsBeforeAlert: 5,
  destinationMaxLength: 200,
  contactsMax: 5,
} as const;

const Pin = z.string().regex(/^[0-9]{4,6}$/, 'A PIN is 4 to 6 digits');

/** `PUT /api/users/me/safety-pins`: both PINs at once; they must differ. */
export const SafetyPinsBody = z
  .strictObject({ safetyPin: Pin, duressPin: Pin })
  .refine((body) => body.safetyPin !== body.duressPin, { message: 'The duress PIN must differ from the safety PIN', path: ['duressPin'] });
export type SafetyPinsBody = z.input<typeof SafetyPinsBody>;

/** Whether the caller has set the two PINs (never the PINs themselves). */
export const SafetyPinsStatus = z.object({ set: z.boolean() });
export type SafetyPinsStatus = z.infer<typeof SafetyPinsStatus>;

/** Where the phone is: the contacts' live-tracking link shows the newest one. */
export const SafetyTimerLocation = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type SafetyTimerLocation = z.infer<typeof SafetyTimerLocation>;

export const StartSafetyTimerBody = z.strictObject({
  durationMinutes: z
    .number()
    .int('durationMinutes must be whole minutes')
    .min(SAFETY_TIMER_LIMITS.minMinutes, 'durationMinutes must be between 5 and 240')
    .max(SAFETY_TIMER_LIMITS.maxMinutes, 'durationMinutes must be between 5 and 240'),
  destination: z.string().trim().min(1).max(SAFETY_TIMER_LIMITS.destinationMaxLength).optional(),
  /** Which of the caller's emergency contacts to alert; all of them when left out. */
  contactIds: z.array(Id).min(1).max(SAFETY_TIMER_LIMITS.contactsMax).optional(),
  /** Alert the contacts only, never volunteers. */
  contactsOnly: z.boolean().default(false),
  location: SafetyTimerLocation.optional(),
});
export type StartSafetyTimerBody = z.input<typeof StartSafetyTimerBody>;

export const SafetyTimerContacts = z.array(z.object({ id: z.number().int(), name: z.string(), phoneNumber: z.string() }));
export type SafetyTimerContacts = z.infer<typeof SafetyTimerContacts>;

export const SafetyTimerStarted = z.object({ id: z.number().int(), dueAt: z.string(), status: z.literal('running') });

/**
 * Where a running timer is: `running`, `reminded` (ends soon), `overdue` ("Are you OK?"),
 * `contacts_alerted`, `sos_raised`. An ended timer says only `ended`, however it ended.
 */
export const SAFETY_TIMER_STAGES = ['running', 'reminded', 'overdue', 'contacts_alerted', 'sos_raised', 'ended'] as const;
export type SafetyTimerStage = (typeof SAFETY_TIMER_STAGES)[number];

export const SafetyTimerView = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'ended']),
  stage: z.enum(SAFETY_TIMER_STAGES),
  startedAt: z.string(),
  dueAt: z.string(),
  endedAt: z.string().nullable(),
  destination: z.string().nullable(),
  /** Null: all of the caller's emergency contacts. */
  contactIds: z.array(z.number().int()).nullable(),
  contactsOnly: z.boolean(),
  /** The timer under a journey (features/journeys): its own screen, `/journey`, shows it. */
  journey: z.boolean(),
  extendedMinutes: z.number().int(),
  /** Minutes the timer may still be extended by. */
  extendableMinutes: z.number().int(),
  /**
   * Once the timer ran out and alerted the contacts: each contact's SMS, so the owner can call
   * whoever it did not reach. Empty before that and once the timer ended (a silent alert
   * never shows on the screen).
   */
  contactSms: z.array(
    z.object({
      name: z.string(),
      phoneNumber: z.string(),
      sms: SmsDelivery,
    }),
  ),
});
export type SafetyTimerView = z.infer<typeof SafetyTimerView>;

export const CurrentSafetyTimer = z.object({ timer: SafetyTimerView.nullable() });
export type CurrentSafetyTimer = z.infer<typeof CurrentSafetyTimer>;

export const SafetyTimerCheckInBody = z.strictObject({ pin: Pin });
/** The same answer for the safety and the duress PIN. */
export const SafetyTimerCheckedIn = z.object({ status: z.literal('ended') });

export const SafetyTimerExtendBody = z.strictObject({
  minutes: z
    .number()
    .int('minutes must be whole minutes')
    .min(SAFETY_TIMER_LIMITS.extendMinMinutes, 'minutes must be between 5 and 30')
    .max(SAFETY_TIMER_LIMITS.extendMaxMinutes, 'minutes must be between 5 and 30'),
});
