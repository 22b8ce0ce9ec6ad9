import { z } from 'zod';
import { PhoneNumber } from './common';
import { AltchaPayload } from './login-challenge';
import { User } from './user';

export const OtpRequestBody = z.strictObject({
  phoneNumber: PhoneNumber,
  /** The solved challenge, when the last answer was 428 `challenge_required`. */
  altcha: AltchaPayload.optional(),
});
export type OtpRequestBody = z.input<typeof OtpRequestBody>;

export const OtpRequestResponse = z.object({
  sent: z.literal(true),
  /** Names this login attempt: verify must send it back with the code. */
  attemptId: z.string(),
  expiresInSeconds: z.number().int(),
  /** How long this browser waits before it may ask for another code: 30 s, then 1, 2, 5, 10 minutes. */
  resendAfterSeconds: z.number().int(),
});
export type OtpRequestResponse = z.infer<typeof OtpRequestResponse>;

export const OtpVerifyBody = z.strictObject({
  phoneNumber: PhoneNumber,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
  /** From the answer to `POST /auth/otp/request`: the code only works for the attempt that asked for it. */
  attemptId: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Request a code first.'),
  /** The referral id of the user who invited this one (from /login/:referrer). */
  referrer: z.string().trim().max(32).optional(),
  /** The solved challenge, when the last answer was 428 `challenge_required`. */
  altcha: AltchaPayload.optional(),
});
export type OtpVerifyBody = z.input<typeof OtpVerifyBody>;

export const LoginResponse = z.object({ token: z.string(), user: User });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** A Web Push subscription as the browser's PushSubscription.toJSON() gives it. */
export const PushSubscriptionJson = z.strictObject({
  endpoint: z.url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

/**
 * SPEC.md sends `{fcmToken}`. Here it carries a Web Push subscription (object or its JSON
 * text), or a plain FCM registration token where an FCM adapter is configured.
 */
export const UpdateFcmTokenBody = z.strictObject({
  fcmToken: z.union([PushSubscriptionJson, z.string().trim().min(1).max(4096)]),
});
export type UpdateFcmTokenBody = z.input<typeof UpdateFcmTokenBody>;
