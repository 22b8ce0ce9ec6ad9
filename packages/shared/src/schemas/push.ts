import { z } from 'zod';

/** Test pushes a user may send per hour (the readiness check's button). */
export const PUSH_TEST_PER_HOUR = 5;

/**
 * What happened to a test push: `sent` (a push service accepted it for at least one of the
 * caller's browsers), `none` (the caller has no push subscription), `retry` (the push services
 * failed for now).
 */
export const PushTestResponse = z.object({ outcome: z.enum(['sent', 'none', 'retry']) });
export type PushTestResponse = z.infer<typeof PushTestResponse>;
