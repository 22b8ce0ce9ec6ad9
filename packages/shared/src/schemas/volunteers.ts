import { z } from 'zod';
import { PROFESSIONS } from '../constants';
import { parseCoordinatePair, COORDINATE_ERROR_MESSAGES } from '../domain/coordinates';
import { Latitude, Longitude } from './common';

/** SPEC.md §9: the search radius of volunteers-nearby, in metres. */
export const VOLUNTEER_RANGE_M = { min: 100, max: 5000, step: 100, default: 500 } as const;
/** SPEC.md §9: typing in the location field searches after this pause. */
export const VOLUNTEER_SEARCH_DEBOUNCE_MS = 500;
/**
 * DESIGN.md §8: volunteers are snapped to grid cells of about this size before the radius
 * test; the cell's centre is all that leaves the server.
 */
export const VOLUNTEER_CELL_SIZE_M = 250;

/**
 * `GET /api/community/volunteers-nearby?location='lat, lon'&range=<metres>` (SPEC.md §7).
 * A bad value is a 400 that names `location` or `range`.
 */
export const VolunteersNearbyQuery = z.object({
  location: z.string({ error: 'location is required as "lat, lon"' }).transform((text, ctx) => {
    const parsed = parseCoordinatePair(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: `location: ${COORDINATE_ERROR_MESSAGES[parsed.error]} (expected "lat, lon")` });
      return z.NEVER;
    }
    return parsed.value;
  }),
  range: z.coerce
    .number({ error: 'range is required, in metres' })
    .int('range must be whole metres')
    .min(VOLUNTEER_RANGE_M.min, `range must be between ${VOLUNTEER_RANGE_M.min} and ${VOLUNTEER_RANGE_M.max} metres`)
    .max(VOLUNTEER_RANGE_M.max, `range must be between ${VOLUNTEER_RANGE_M.min} and ${VOLUNTEER_RANGE_M.max} metres`),
});
export type VolunteersNearbyQuery = z.input<typeof VolunteersNearbyQuery>;

/** SPEC.md §3 "Volunteer (nearby)": the cell centre, never the exact point; no name or phone. */
export const NearbyVolunteer = z.object({
  id: z.number().int(),
  profession: z.enum(PROFESSIONS).nullable(),
  /** Carries the verified-responder badge (a moderator checked their registration, within the year). */
  verified: z.boolean(),
  location: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([Longitude, Latitude]),
  }),
});
export type NearbyVolunteer = z.infer<typeof NearbyVolunteer>;

export const VolunteersNearbyResponse = z.array(NearbyVolunteer);
export type VolunteersNearbyResponse = z.infer<typeof VolunteersNearbyResponse>;

/** `POST /api/volunteers/me/location`: the device position of a volunteer who shares it live. */
export const LiveLocationBody = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
});
export type LiveLocationBody = z.infer<typeof LiveLocationBody>;

export const LiveLocationResponse = z.object({
  /** false when the user does not share a live location (the position was not stored). */
  stored: z.boolean(),
  recordedAt: z.string().nullable(),
});
export type LiveLocationResponse = z.infer<typeof LiveLocationResponse>;

/** `GET /api/config/public`: settings the web app reads at run time. */
export const PublicConfig = z.object({
  /** A Nominatim-compatible search URL (`?q=&format=json`), or null when place search is off. */
  geocoderUrl: z.string().nullable(),
  /** An XYZ tile template (`{z}/{x}/{y}`) for the maps, or null to draw the coordinate grid only. */
  mapTileUrl: z.string().nullable(),
  /** The tile provider's credit, plain text. */
  mapTileAttribution: z.string(),
  /**
   * Who handles privacy complaints (India's DPDP Act 2023), shown in the privacy notice; null
   * when the operator has not configured one.
   */
  grievanceOfficer: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  /** Features an operator turns on or off with a restart (`astroAi`: ASTRO_AI_ENABLED). */
  features: z.object({ astroAi: z.boolean() }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
