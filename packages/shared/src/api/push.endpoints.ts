import { UpdateFcmTokenBody } from '../schemas/auth';
import { OkResponse } from '../schemas/common';
import { PushTestResponse } from '../schemas/push';
import { defineEndpoints, ok } from './endpoint';

/** Device push subscriptions (the VAPID key is in notifications.endpoints.ts, where the server serves it). */
export const pushEndpoints = defineEndpoints('push', {
  'POST /auth/update-fcm-token': ok(OkResponse, { body: UpdateFcmTokenBody }).summary(
    "Store this browser's Web Push subscription (or an FCM token) for the signed-in user",
  ),
  'POST /push/test': ok(PushTestResponse).summary("Send one test push to the caller's own browsers, in their language (a few per hour)"),
});
