import { PushSubscriptionJson, type PushTestResponse, type UpdateFcmTokenBody } from '@saathi/shared';
import type { z } from 'zod';
import { TooManyRequestsError, ValidationError } from '../../core/errors';
import { alertsT, languageOf } from '../../core/i18n';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter';
import type { NotificationsService } from '../../core/notifications';
import type { PushRepository, PushTarget } from './push.repository';

export type FcmTokenInput = z.output<typeof UpdateFcmTokenBody>['fcmToken'];

/** FCM registration tokens are long URL-safe strings with a colon separator. */
const FCM_TOKEN = /^[A-Za-z0-9_:-]{20,4096}$/;

/**
 * SPEC.md's `fcmToken` carries a Web Push subscription (as an object, or as the JSON text
 * the old client stored) or a plain FCM token.
 */
export function toPushTarget(input: FcmTokenInput): PushTarget {
  let value: unknown = input;
  if (typeof input === 'string' && input.startsWith('{')) {
    try {
      value = JSON.parse(input);
    } catch {
      throw new ValidationError('fcmToken is neither a push subscription nor a token', 'fcmToken');
    }
  }
  if (typeof value === 'string') {
    if (!FCM_TOKEN.test(value)) throw new ValidationError('fcmToken is neither a push subscription nor a token', 'fcmToken');
    return { kind: 'fcm', endpoint: value };
  }
  const parsed = PushSubscriptionJson.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue?.message ?? 'Invalid push subscription', ['fcmToken', ...(issue?.path ?? [])].join('.'));
  }
  if (!parsed.data.endpoint.startsWith('https://')) {
    throw new ValidationError('A push endpoint must use https', 'fcmToken.endpoint');
  }
  return { kind: 'webpush', endpoint: parsed.data.endpoint, p256dh: parsed.data.keys.p256dh, auth: parsed.data.keys.auth };
}

export interface PushServiceDeps {
  push: PushRepository;
  notifications: NotificationsService;
  /** Counts test pushes per user per hour. */
  testLimiter: RateLimiter;
}

export function createPushService({ push, notifications, testLimiter }: PushServiceDeps) {
  return {
    async saveSubscription(userId: number, input: FcmTokenInput): Promise<void> {
      await push.upsert(userId, toPushTarget(input));
    },

    /**
     * One push to the caller's own subscriptions, in their language, through the same path as
     * every notification (a row, then the push), so it proves what an SOS alert would travel.
     */
    async sendTest(userId: number): Promise<PushTestResponse> {
      const waitSeconds = await testLimiter.take(userId);
      if (waitSeconds > 0) {
        throw new TooManyRequestsError('Too many test notifications. Try again later.', waitSeconds, 'push_test_limit', { seconds: waitSeconds });
      }
      const t = alertsT(languageOf(await push.languageOf(userId)));
      const outcomes = await notifications.deliver([
        { userId, type: 'push.test', title: t('pushTest.title'), body: t('pushTest.body'), data: { url: '/test' } },
      ]);
      return { outcome: outcomes.get(userId) ?? 'none' };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
