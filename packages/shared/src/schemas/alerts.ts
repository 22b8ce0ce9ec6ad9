import { z } from 'zod';
import { Latitude, Longitude } from './common';
import { ResponderProfession } from './responders';

/**
 * Calm local alerts (issue 20): what is happening nearby, reported by adults, pushed only once
 * verified (a moderator or a verified responder) or corroborated (three people), few a day and
 * quiet at night. Rules and figures: apps/server/src/features/alerts/README.md.
 *
 * There is no "suspicious person" category, and texts about a person's looks, religion, caste
 * or community are refused (domain/alert-text.ts).
 */
export const LOCAL_ALERT_CATEGORIES = [
  'road_accident',
  'fire',
  /** Flooding and waterlogging. */
  'flooding',
  'building_collapse',
  'crowd_risk',
  /** Power or water. */
  'outage',
  'road_blocked',
  'other_hazard',
] as const;
export const LocalAlertCategory = z.enum(LOCAL_ALERT_CATEGORIES);
export type LocalAlertCategory = z.infer<typeof LocalAlertCategory>;

/** Pushed at night too (22:00–07:00 India time): the others wait in the notifications list. */
export const NIGHT_ALERT_CATEGORIES: readonly LocalAlertCategory[] = ['fire', 'flooding', 'building_collapse'];

/**
 * `unverified`: listed, clearly labelled, never pushed. `verified`: a moderator or a verified
 * responder confirmed it. `corroborated`: three different people reported the same category
 * within 500 m and 30 minutes. `resolved`: over (an all-clear went to those pushed).
 * `expired`: left unresolved for 6 hours.
 */
export const LOCAL_ALERT_STATUSES = ['unverified', 'verified', 'corroborated', 'resolved', 'expired'] as const;
export const LocalAlertStatus = z.enum(LOCAL_ALERT_STATUSES);
export type LocalAlertStatus = z.infer<typeof LocalAlertStatus>;

export const LOCAL_ALERT_LIMITS = {
  textMax: 280,
  /** Reports per user per India calendar day. */
  reportsPerDay: 5,
  /** Alert pushes per user per India calendar day. */
  pushesPerDay: 3,
  /** Night (no pushes except NIGHT_ALERT_CATEGORIES), India time. */
  quietFromHour: 22,
  quietUntilHour: 7,
  /** Three different people, same category, within 500 m and 30 minutes: corroborated. */
  corroborationReports: 3,
  corroborationRadiusM: 500,
  corroborationMinutes: 30,
  /** An alert nobody resolves ends by itself. */
  expiryHours: 6,
  nearbyRadiusMinM: 100,
  nearbyRadiusMaxM: 5000,
  nearbyRadiusDefaultM: 3000,
  /** The push radius of a category is configurable within these bounds (ALERT_RADIUS_*_M). */
  pushRadiusMinM: 1000,
  pushRadiusMaxM: 3000,
} as const;

const Text = z.string().trim().min(1, 'Say briefly what is happening').max(LOCAL_ALERT_LIMITS.textMax, `At most ${LOCAL_ALERT_LIMITS.textMax} characters`);

/** `POST /api/alerts`: the reporter's position is kept exact for the radius; others see its ~250 m cell. */
export const ReportAlertBody = z.strictObject({
  category: LocalAlertCategory,
  latitude: Latitude,
  longitude: Longitude,
  text: Text,
  /** One of the reporter's own reels (never shown to others: it would name the reporter). */
  reelId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type ReportAlertBody = z.infer<typeof ReportAlertBody>;

/**
 * The incident the report was counted in: a report of the same category within 500 m of an
 * active alert joins it, so `status` is `unverified` for a new one, or the status the report
 * found (or made: the third reporter's answer says `corroborated`).
 */
export const AlertReported = z.object({ id: z.number().int(), status: LocalAlertStatus });
export type AlertReported = z.infer<typeof AlertReported>;

export const AlertVerifierRole = z.enum(['moderator', 'responder']);
export type AlertVerifierRole = z.infer<typeof AlertVerifierRole>;

/**
 * An alert as anyone sees it. Never the reporter (no name, no id, no reel) and never the
 * reported point: `latitude`/`longitude` are the centre of its ~250 m privacy cell.
 */
export const LocalAlert = z.object({
  id: z.number().int(),
  category: LocalAlertCategory,
  status: LocalAlertStatus,
  /** The centre of the ~250 m cell holding the reported point. */
  latitude: z.number(),
  longitude: z.number(),
  /** The first report's text. */
  text: z.string(),
  /** Different people who reported it. */
  reports: z.number().int(),
  /** Who verified it, by role: never a name. Null unless verified. */
  verifierRole: AlertVerifierRole.nullable(),
  /** The verifying responder's profession (a firefighter, a doctor...), when a responder verified it. */
  verifierProfession: ResponderProfession.nullable(),
  createdAt: z.string(),
  /** Whole minutes since the first report. */
  ageMinutes: z.number().int(),
  verifiedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** When it ends by itself unless resolved first. */
  expiresAt: z.string(),
  /** The radius its push reaches (the category's). */
  pushRadiusM: z.number().int(),
  /** The caller reported it (shown only to the caller). */
  reportedByMe: z.boolean(),
  /** The caller may verify it: a moderator or a verified responder, not one of its reporters, while it is active and not yet verified. */
  canVerify: z.boolean(),
  /** The caller may resolve it: a moderator, a verified responder or the person who first reported it, while active. */
  canResolve: z.boolean(),
});
export type LocalAlert = z.infer<typeof LocalAlert>;

/** `GET /api/alerts/nearby`: query strings, so numbers are coerced; a radius over 5000 m is a 400 naming `radius`. */
export const NearbyAlertsQuery = z.object({
  latitude: z.coerce.number().pipe(Latitude),
  longitude: z.coerce.number().pipe(Longitude),
  radius: z.coerce
    .number()
    .int('radius must be whole metres')
    .min(LOCAL_ALERT_LIMITS.nearbyRadiusMinM, `radius must be between ${LOCAL_ALERT_LIMITS.nearbyRadiusMinM} and ${LOCAL_ALERT_LIMITS.nearbyRadiusMaxM} metres`)
    .max(LOCAL_ALERT_LIMITS.nearbyRadiusMaxM, `radius must be between ${LOCAL_ALERT_LIMITS.nearbyRadiusMinM} and ${LOCAL_ALERT_LIMITS.nearbyRadiusMaxM} metres`)
    .default(LOCAL_ALERT_LIMITS.nearbyRadiusDefaultM),
});
export type NearbyAlertsQuery = z.input<typeof NearbyAlertsQuery>;

/** An alert in the nearby list, with the distance from the query point to its cell centre. */
export const NearbyAlert = LocalAlert.extend({ distanceM: z.number().int() });
export type NearbyAlert = z.infer<typeof NearbyAlert>;

/** Active alerts (unverified, verified, corroborated), nearest first. */
export const NearbyAlerts = z.object({ items: z.array(NearbyAlert) });
export type NearbyAlerts = z.infer<typeof NearbyAlerts>;

/** The device position for alerts: only its ~250 m cell is kept, for 24 hours. */
export const AlertLocation = z.strictObject({ latitude: Latitude, longitude: Longitude });

/**
 * `PUT /api/users/me/alert-settings`: the categories the caller wants pushed (none until
 * chosen). `location`, the device's position now, joins the saved places as where the caller
 * is (kept as its cell for 24 hours); null forgets it, leaving it out keeps it.
 */
export const AlertSettingsBody = z.strictObject({
  categories: z
    .array(LocalAlertCategory)
    .max(LOCAL_ALERT_CATEGORIES.length)
    .refine((list) => new Set(list).size === list.length, { message: 'Each category once' }),
  location: AlertLocation.nullable().optional(),
});
export type AlertSettingsBody = z.input<typeof AlertSettingsBody>;

export const AlertSettings = z.object({
  categories: z.array(LocalAlertCategory),
  /** When the device position for alerts was last given; null when none is kept (saved places still count). */
  locationUpdatedAt: z.string().nullable(),
  /** Each category's push radius in metres (1 to 3 km, set by the server). */
  radiiM: z.record(LocalAlertCategory, z.number().int()),
});
export type AlertSettings = z.infer<typeof AlertSettings>;
