import { z } from 'zod';
import { LivePosition, SosRecipient, SosStatus } from './sos';

export const NotificationItem = z.object({
  id: z.number().int(),
  /** e.g. 'sos.alert', 'sos.contact_alert', 'sos.accepted', 'sos.all_clear'. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  sosEventId: z.number().int().nullable(),
  /**
   * Whether its SOS event is still going on, as the list read it: a screen need not ask for an
   * ended event it may no longer read. Null without an SOS event, and in live events (just made).
   */
  sosEventActive: z.boolean().nullable(),
  postId: z.number().int().nullable(),
  actorId: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const NotificationsPage = z.object({
  items: z.array(NotificationItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  unreadCount: z.number().int(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** No body (or `{}`) marks every notification of the caller read. */
export const MarkNotificationsReadBody = z
  .strictObject({ ids: z.array(z.number().int().positive()).min(1).max(500).optional() })
  .nullish()
  .transform((body) => body ?? {});

export const MarkNotificationsReadResponse = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export const UnreadCountResponse = z.object({ count: z.number().int() });

export const EventStreamTicketResponse = z.object({
  ticket: z.string(),
  /** ISO 8601; a ticket opens one stream, once. */
  expiresAt: z.string(),
});

/** Server-sent events on `GET /api/events` (event name → data). */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sos.updated'), data: z.object({ eventId: z.number().int(), status: SosStatus }) }),
  z.object({ type: z.literal('sos.location'), data: z.object({ eventId: z.number().int(), location: LivePosition }) }),
  z.object({ type: z.literal('sos.accepted'), data: z.object({ eventId: z.number().int(), recipient: SosRecipient }) }),
  z.object({ type: z.literal('sos.declined'), data: z.object({ eventId: z.number().int(), recipient: SosRecipient }) }),
  z.object({ type: z.literal('notification.created'), data: z.object({ notification: z.lazy(() => NotificationItem) }) }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];
