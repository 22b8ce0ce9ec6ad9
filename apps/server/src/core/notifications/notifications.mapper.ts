import type { NotificationItem, PushPayload } from '@saathi/shared';
import type { NotificationRow } from './notifications.repository';

/** `sosEventActive`: read with the list (null when unknown, as for a live event). */
export function toNotificationItem(row: NotificationRow & { sos_event_active?: boolean | null }): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    read: row.read_at !== null,
    sosEventId: row.sos_event_id,
    sosEventActive: row.sos_event_id === null ? null : (row.sos_event_active ?? null),
    postId: row.post_id,
    actorId: row.actor_id,
    data: row.data,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Where a tap on the push takes the user. */
export function notificationUrl(row: NotificationRow): string {
  const fromData = row.data.url;
  if (typeof fromData === 'string' && fromData.startsWith('/')) return fromData;
  return '/notifications';
}

/**
 * The push payload the service worker shows. SOS alerts carry the 'Go to SOS' action, its
 * title written in the recipient's language when the notification was made (data.actionTitle).
 */
export function toPushPayload(row: NotificationRow): PushPayload {
  return {
    title: row.title,
    body: row.body,
    url: notificationUrl(row),
    type: row.type,
    sosEventId: row.sos_event_id,
    notificationId: row.id,
    actions: row.sos_event_id !== null && typeof row.data.actionTitle === 'string' ? [{ action: 'open-sos', title: row.data.actionTitle }] : [],
  };
}
