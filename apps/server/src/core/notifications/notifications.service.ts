import type { NotificationsPage } from '@saathi/shared';
import type { Clock } from '../clock';
import type { OutcomeListener, PushOutcome, PushSender } from '../push';
import type { EventBus } from '../realtime';
import { toNotificationItem, toPushPayload } from './notifications.mapper';
import type { NewNotification, NotificationsRepository } from './notifications.repository';

export interface NotificationsServiceDeps {
  notifications: NotificationsRepository;
  bus: EventBus;
  push: PushSender;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
  /** Told how many in-app notifications were written (a repeat of one already there is not counted). */
  countInApp?: (n: number) => void;
}

export function createNotificationsService({ notifications, bus, push, clock, log, countInApp }: NotificationsServiceDeps) {
  return {
    /**
     * Every notification is a row first (the in-app list), then a live event, then a push.
     * Returns the push outcome per user; at most one item per user per call.
     */
    async deliver(items: readonly NewNotification[], onOutcome?: OutcomeListener): Promise<Map<number, PushOutcome>> {
      const rows = await notifications.insertMany(items, clock());
      countInApp?.(rows.filter((r) => r.created).length);
      // The live events and the pushes go out side by side: with Redis, each event is a round
      // trip that the 1,000th volunteer's push should not wait behind.
      const published = Promise.all(
        rows
          .filter((r) => r.created)
          .map((row) =>
            bus
              .publish([row.user_id], { type: 'notification.created', data: { notification: toNotificationItem(row) } })
              .catch((error: unknown) => log.warn({ reason: String(error) }, 'live notification event was not published')),
          ),
      );
      const outcomes = await push.sendToUsers(new Map(rows.map((row) => [row.user_id, toPushPayload(row)])), onOutcome);
      await published;
      return outcomes;
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
