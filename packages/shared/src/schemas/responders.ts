import { z } from 'zod';
import type { Threat } from '../constants';
import { INDIA_OFFSET_MS } from '../domain/india-time';

/**
 * Verified responders (issue 19): professions a moderator can verify from a registration or
 * badge number and a photo of the document, and what a volunteer on duty answers.
 */
export const RESPONDER_PROFESSIONS = ['doctor', 'nurse', 'hospital', 'police', 'firefighter', 'mechanic'] as const;
export const ResponderProfession = z.enum(RESPONDER_PROFESSIONS);
export type ResponderProfession = z.infer<typeof ResponderProfession>;

/** Who the ladder alerts first for each threat: the nearest three verified responders of these professions. */
export const THREAT_RESPONDERS: Record<Threat, readonly ResponderProfession[]> = {
  medical: ['doctor', 'nurse', 'hospital'],
  fire: ['firefighter'],
  accident: ['doctor', 'nurse', 'hospital', 'mechanic'],
  harassment: ['police'],
  theft: ['police'],
  other: [],
};

export const RESPONDER_LIMITS = {
  /** A verification lasts a year from the decision. */
  verificationDays: 365,
  /** Verified responders alerted first at each radius, waiting for an answer at the same time. */
  firstTier: 3,
  /** Unanswered alerts in a row after which the app asks whether to go off duty. */
  unansweredBeforePrompt: 3,
  /** The document photo: any picture type the app reads, at most this many bytes. */
  documentBytesMax: 8 * 1024 * 1024,
  registrationMax: 40,
  councilMax: 80,
  stationMax: 80,
  reasonMax: 500,
} as const;

/** Which text fields each profession must give (State Medical Council / NMC, Nursing Council, badge and station…). */
export const VERIFICATION_FIELDS: Record<ResponderProfession, { registrationNumber: boolean; council: boolean; station: boolean }> = {
  doctor: { registrationNumber: true, council: true, station: false },
  nurse: { registrationNumber: true, council: true, station: false },
  hospital: { registrationNumber: true, council: false, station: false },
  police: { registrationNumber: true, council: false, station: true },
  firefighter: { registrationNumber: false, council: false, station: true },
  mechanic: { registrationNumber: true, council: false, station: false },
};

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().min(1).max(max).optional());

/** The text fields of `POST /responders/verification` (multipart, with the file `document`). */
export const VerificationRequestFields = z
  .strictObject({
    profession: ResponderProfession,
    registrationNumber: optionalText(RESPONDER_LIMITS.registrationMax),
    council: optionalText(RESPONDER_LIMITS.councilMax),
    station: optionalText(RESPONDER_LIMITS.stationMax),
  })
  .superRefine((fields, ctx) => {
    const needs = VERIFICATION_FIELDS[fields.profession];
    for (const key of ['registrationNumber', 'council', 'station'] as const) {
      if (needs[key] && !fields[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required for ${fields.profession}` });
    }
  });
export type VerificationRequestFields = z.infer<typeof VerificationRequestFields>;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'revoked', 'expired'] as const;
export const VerificationStatus = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const Verification = z.object({
  id: z.number().int(),
  profession: ResponderProfession,
  registrationNumber: z.string().nullable(),
  council: z.string().nullable(),
  station: z.string().nullable(),
  /** `expired`: approved, and the year is over. */
  status: VerificationStatus,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type Verification = z.infer<typeof Verification>;

/** A verification as reviewers see it: who asked, and the document while it is kept (until the decision). */
export const ReviewedVerification = Verification.extend({
  applicant: z.object({ id: z.number().int(), name: z.string().nullable() }),
  /** The photo of the document (reviewers only); null once decided, when it is deleted. */
  documentUrl: z.string().nullable(),
});
export type ReviewedVerification = z.infer<typeof ReviewedVerification>;

export const MyVerification = z.object({
  /** The newest request, whatever its status; null when none was ever made. */
  latest: Verification.nullable(),
  /** The badge: set while an approved verification is within its year. */
  verified: z.object({ profession: ResponderProfession, until: z.string() }).nullable(),
});
export type MyVerification = z.infer<typeof MyVerification>;

export const VerificationsQuery = z.object({ status: VerificationStatus.default('pending') });
export const VerificationsPage = z.object({ items: z.array(ReviewedVerification) });

export const DecideVerificationBody = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(RESPONDER_LIMITS.reasonMax).optional(),
});
export const RevokeVerificationBody = z.strictObject({ reason: z.string().trim().min(1).max(RESPONDER_LIMITS.reasonMax) });

/** Weekly quiet hours in India time: no alerts on `days` (0 Sunday … 6 Saturday) from `start` to `end` ('HH:MM'; may cross midnight). */
const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24 hours)');
export const QuietHours = z
  .strictObject({
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    start: Clock,
    end: Clock,
  })
  .refine((q) => q.start !== q.end, { message: 'start and end must differ', path: ['end'] });
export type QuietHours = z.infer<typeof QuietHours>;

export const DutyBody = z.strictObject({
  onDuty: z.boolean(),
  /** Omitted: unchanged; null: none. */
  quietHours: QuietHours.nullable().optional(),
});
export type DutyBody = z.input<typeof DutyBody>;

export const Duty = z.object({
  onDuty: z.boolean(),
  quietHours: QuietHours.nullable(),
  /** Within the quiet hours right now (India time): not alerted. */
  quietNow: z.boolean(),
  /** Alerts in a row the volunteer left unanswered (the newest first, since they last set their duty). */
  unansweredInARow: z.number().int(),
  /** Three or more: the app asks whether to go off duty. */
  suggestOffDuty: z.boolean(),
  verified: MyVerification.shape.verified,
});
export type Duty = z.infer<typeof Duty>;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether `at` falls in the quiet hours (India time). A window that crosses midnight belongs to
 * the day it starts: Monday 22:00–06:00 covers Monday night and the early hours of Tuesday.
 * The fan-out's SQL (responder_quiet_now, migration 0029) computes the same.
 */
export function inQuietHours(quiet: QuietHours | null, at: Date): boolean {
  if (!quiet) return false;
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  const day = india.getUTCDay();
  const minute = india.getUTCHours() * 60 + india.getUTCMinutes();
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start < end) return quiet.days.includes(day) && minute >= start && minute < end;
  return (quiet.days.includes(day) && minute >= start) || (quiet.days.includes((day + 6) % 7) && minute < end);
}

export const DECLINE_REASONS = ['too_far', 'busy', 'not_qualified'] as const;
export const DeclineReason = z.enum(DECLINE_REASONS);
export type DeclineReason = z.infer<typeof DeclineReason>;

/** On the scene, in order; `handed_over` says to whom. */
export const SCENE_STATUSES = ['en_route', 'arrived', 'handed_over', 'done'] as const;
export const SceneStatus = z.enum(SCENE_STATUSES);
export type SceneStatus = z.infer<typeof SceneStatus>;
export const HandedTo = z.enum(['ambulance', 'police']);
export type HandedTo = z.infer<typeof HandedTo>;

export const SceneStatusBody = z
  .strictObject({ status: SceneStatus, handedTo: HandedTo.optional() })
  .refine((b) => (b.status === 'handed_over') === (b.handedTo !== undefined), {
    message: 'handedTo is required with handed_over, and only then',
    path: ['handedTo'],
  });
export type SceneStatusBody = z.infer<typeof SceneStatusBody>;

export const SceneStatusResponse = z.object({
  eventId: z.number().int(),
  sceneStatus: SceneStatus,
  handedTo: HandedTo.nullable(),
  /** The event itself: a practice alert ends (resolved) when its volunteer is done. */
  eventStatus: z.enum(['active', 'resolved', 'cancelled']),
});

/** A volunteer or contact who is coming, as the person, their contacts' page and the other volunteers coming see them: first name, badge, status. */
export const SceneResponder = z.object({
  name: z.string().nullable(),
  /** A contact the person chose, or a volunteer nearby. */
  role: z.enum(['volunteer', 'contact']),
  verifiedProfession: ResponderProfession.nullable(),
  sceneStatus: SceneStatus.nullable(),
  handedTo: HandedTo.nullable(),
});
export type SceneResponder = z.infer<typeof SceneResponder>;
