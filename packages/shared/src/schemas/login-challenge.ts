import { z } from 'zod';

/**
 * A proof-of-work challenge in ALTCHA's format (v2: `{parameters, signature}`), as the `altcha`
 * widget takes it. The answer to `challenge_required` carries one; the solved payload goes back
 * as `altcha` in the same request's body.
 */
export const LoginChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallenge>;

/** The solved challenge the `altcha` widget hands over: base64 JSON, a few hundred bytes. */
export const AltchaPayload = z.string().min(1).max(4000);
