import { z } from 'zod';
import { User } from './user';

/** One stored row of the export, as the database holds it (times as ISO 8601 text). */
const Rows = z.array(z.record(z.string(), z.unknown()));

/**
 * Everything Saathi keeps about the signed-in user (DPDP Act 2023, right to access):
 * `GET /api/users/me/export`, downloaded as `saathi-data-<date>.json`. Sessions are listed
 * without their tokens; other people appear only as what the user sent or received.
 */
export const UserDataExport = z.object({
  exportedAt: z.string(),
  profile: User,
  emergencyContacts: Rows,
  places: Rows,
  posts: Rows,
  comments: Rows,
  likes: Rows,
  reels: Rows,
  reports: Rows,
  sosEvents: Rows,
  sosRatingsGiven: Rows,
  notifications: Rows,
  certificates: Rows,
  pointsLedger: Rows,
  feedbackTickets: Rows,
  sessions: Rows,
  media: Rows,
  astroCharts: Rows,
  /** Whether the safety and duress PINs are set, and when; never the PINs' hashes. */
  safetyPins: z.record(z.string(), z.unknown()),
  safetyTimers: Rows,
  /** Journeys (each a safety timer with a destination) with the points of their track that are still kept. */
  journeys: Rows,
  /** Verification requests with their decisions; `documentHeld` says whether the document photo is still kept. */
  responderVerifications: Rows,
  /** Duty, weekly quiet hours (minutes of the India day) and the verified badge. */
  responderDuty: z.record(z.string(), z.unknown()),
  /** The local alerts the user reported, with the status of the alert each joined. */
  alertReports: Rows,
  /** The alert categories chosen and the device position kept for alerts (its ~250 m cell only). */
  alertSettings: z.record(z.string(), z.unknown()),
});
export type UserDataExport = z.infer<typeof UserDataExport>;

/** `DELETE /api/users/me`: the code of the SMS that `POST /api/users/me/deletion-code` sent. */
export const DeleteAccountBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

export const DeletionCodeResponse = z.object({
  sent: z.literal(true),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type DeletionCodeResponse = z.infer<typeof DeletionCodeResponse>;
