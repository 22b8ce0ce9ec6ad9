import { MarkNotificationsReadBody, MarkNotificationsReadResponse, NotificationsPage, NotificationsQuery, UnreadCountResponse } from '../schemas/notifications';
import { VapidPublicKeyResponse } from '../schemas/sos';
import { defineEndpoints } from './endpoint';

/** The caller's notification list and the key browsers subscribe to web push with. */
export const notificationsEndpoints = defineEndpoints('notifications', {
  'GET /push/vapid-public-key': {
    tag: 'push',
    summary: "The server's VAPID public key, for PushManager.subscribe({applicationServerKey})",
    responses: { 200: VapidPublicKeyResponse },
  },
  'GET /notifications': {
    summary: "The caller's notifications, newest first, with the unread count",
    query: NotificationsQuery,
    responses: { 200: NotificationsPage },
  },
  'GET /notifications/unread-count': {
    summary: "How many of the caller's notifications are unread",
    responses: { 200: UnreadCountResponse },
  },
  'POST /notifications/read': {
    summary: "Marks the given notifications read (all of the caller's when ids is omitted)",
    body: MarkNotificationsReadBody,
    responses: { 200: MarkNotificationsReadResponse },
  },
});
