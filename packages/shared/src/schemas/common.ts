import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors';
import { LoginChallenge } from './login-challenge';

/**
 * The one error shape of the API (DESIGN.md §4): `code` from the closed list in errors.ts,
 * `params` for the localised text, `field` naming the input that failed.
 */
export const ErrorResponse = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    field: z.string().optional(),
    /** Set on 429 answers: how long to wait before trying again. */
    retryAfterSeconds: z.number().int().optional(),
    /** Set on 428 `challenge_required`: the proof-of-work challenge to solve. */
    challenge: LoginChallenge.optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const Latitude = z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90');
export const Longitude = z.number().min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180');

/** GeoJSON point: coordinates are [longitude, latitude] (SPEC.md §3). */
export const GeoPoint = z.strictObject({
  type: z.literal('Point'),
  coordinates: z.tuple([Longitude, Latitude]),
});
export type GeoPoint = z.infer<typeof GeoPoint>;

/**
 * Indian mobile number. Accepts "9876543210", "+91 98765 43210" or "919876543210",
 * and yields the bare 10 digits, which is how numbers are stored and sent.
 */
export const PhoneNumber = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, '').replace(/^(\+91|91)(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, 'Enter a valid 10-digit mobile number'));

export const HealthResponse = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** `GET /health/live`: the process runs and answers (no dependency is asked). */
export const HealthLiveResponse = z.object({ status: z.literal('ok') });

/** What the readiness check looked at; `not_configured` for Redis when the process runs without it. */
export const HealthChecks = z.object({
  database: z.enum(['ok', 'failed']),
  migrations: z.enum(['ok', 'pending', 'failed']),
  redis: z.enum(['ok', 'failed', 'not_configured']),
  outbox: z.enum(['ok', 'stopped']),
});
export type HealthChecks = z.infer<typeof HealthChecks>;

/** `GET /health/ready`: every check passed (otherwise a 503 `not_ready` naming the failed ones in `params.checks`). */
export const HealthReadyResponse = z.object({ status: z.literal('ready'), checks: HealthChecks });

export const OkResponse = z.object({ ok: z.literal(true) });
