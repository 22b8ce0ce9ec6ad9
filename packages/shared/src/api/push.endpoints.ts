import { UpdateFcmTokenBody } from '../schemas/auth';
import { OkResponse } from '../schemas/common';
import { defineEndpoints } from './endpoint';

/** Device push subscriptions (the VAPID key is in notifications.endpoints.ts, where the server serves it). */
export const pushEndpoints = defineEndpoints('push', {
  'POST /auth/update-fcm-token': {
    summary: "Store this browser's Web Push subscription (or an FCM token) for the signed-in user",
    body: UpdateFcmTokenBody,
    responses: { 200: OkResponse },
  },
});
