import type { NotificationsPage } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import type { OutcomeListener, PushOutcome, PushSender } from '../../core/push';
import type { EventBus } from '../../core/realtime';
import { toNotificationItem, toPushPayload } from './notifications.mapper';
import type { NewNotification, NotificationsRepository } from './notifications.repository';

export interface NotificationsServiceDeps {
  notifications: NotificationsRepository;
  bus: EventBus;
  push: PushSender;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

export function createNotificationsService({ notifications, bus, push, clock, log }: NotificationsServiceDeps) {
  return {
    /**
     * Every notification is a row first (the in-app list), then a live event, then a push.
     * Returns the push outcome per user; at most one item per user per call.
     */
    async deliver(items: readonly NewNotification[], onOutcome?: OutcomeListener): Promise<Map<number, PushOutcome>> {
      const rows = await notifications.insertMany(items, clock());
      const created = rows.filter((r) => r.created);
      await Promise.all(
        created.map((row) =>
          bus
            .publish([row.user_id], { type: 'notification.created', data: { notification: toNotificationItem(row) } })
            .catch((error: unknown) => log.warn({ reason: String(error) }, 'live notification event was not published')),
        ),
      );
      return push.sendToUsers(new Map(rows.map((row) => [row.user_id, toPushPayload(row)])), onOutcome);
    },

    async list(userId: number, page: number, pageSize: number, unreadOnly: boolean): Promise<NotificationsPage> {
      const [rows, unreadCount] = await Promise.all([notifications.list(userId, page, pageSize, unreadOnly), notifications.unreadCount(userId)]);
      return {
        items: rows.slice(0, pageSize).map(toNotificationItem),
        page,
        pageSize,
        hasMore: rows.length > pageSize,
        unreadCount,
      };
    },

    async markRead(userId: number, ids: readonly number[] | undefined): Promise<{ updated: number; unreadCount: number }> {
      const updated = await notifications.markRead(userId, ids, clock());
      return { updated, unreadCount: await notifications.unreadCount(userId) };
    },

    unreadCount: (userId: number) => notifications.unreadCount(userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
