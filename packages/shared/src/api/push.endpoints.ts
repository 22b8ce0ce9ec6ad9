import { UpdateFcmTokenBody } from '../schemas/auth';
import { OkResponse } from '../schemas/common';
import { PushTestResponse } from '../schemas/push';
import { defineEndpoints } from './endpoint';

/** Device push subscriptions (the VAPID key is in notifications.endpoints.ts, where the server serves it). */
export const pushEndpoints = defineEndpoints('push', {
  'POST /auth/update-fcm-token': {
    summary: "Store this browser's Web Push subscription (or an FCM token) for the signed-in user",
    body: UpdateFcmTokenBody,
    responses: { 200: OkResponse },
  },
  'POST /push/test': {
    summary: "Send one test push to the caller's own browsers, in their language (a few per hour)",
    responses: { 200: PushTestResponse },
  },
});
