import { MarkNotificationsReadBody, MarkNotificationsReadResponse, NotificationsPage, NotificationsQuery, UnreadCountResponse } from '../schemas/notifications';
import { VapidPublicKeyResponse } from '../schemas/sos';
import { defineEndpoints, ok } from './endpoint';

/** The caller's notification list and the key browsers subscribe to web push with. */
export const notificationsEndpoints = defineEndpoints('notifications', {
  'GET /push/vapid-public-key': ok(VapidPublicKeyResponse, { tag: 'push' }).summary(
    "The server's VAPID public key, for PushManager.subscribe({applicationServerKey})",
  ),
  'GET /notifications': ok(NotificationsPage, { query: NotificationsQuery }).summary("The caller's notifications, newest first, with the unread count"),
  'GET /notifications/unread-count': ok(UnreadCountResponse).summary("How many of the caller's notifications are unread"),
  'POST /notifications/read': ok(MarkNotificationsReadResponse, { body: MarkNotificationsReadBody }).summary(
    "Marks the given notifications read (all of the caller's when ids is omitted)",
  ),
});
