import { sql } from 'kysely';
import type { DbRef } from '../db/db-ref';

export interface WebPushSubscriptionRow {
  id: number;
  failureCount: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push sender's view of `push_subscriptions` (the routes that store them live in features/push). */
export function createPushSubscriptionsRepository(ref: DbRef) {
  return {
    async listWebPush(userIds: readonly number[]): Promise<WebPushSubscriptionRow[]> {
      if (userIds.length === 0) return [];
      const rows = await ref.db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'failure_count'])
        .where('kind', '=', 'webpush')
        .where('user_id', '=', sql<number>`ANY(${[...userIds]}::int[])`)
        .where('p256dh', 'is not', null)
        .where('auth', 'is not', null)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        failureCount: r.failure_count,
        userId: r.user_id,
        endpoint: r.endpoint,
        p256dh: r.p256dh ?? '',
        auth: r.auth ?? '',
      }));
    },

    /** The push service said the subscription is gone (404/410): the browser unsubscribed. */
    async deleteByIds(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await ref.db
        .deleteFrom('push_subscriptions')
        .where('id', '=', sql<number>`ANY(${[...ids]}::int[])`)
        .execute();
    },

    async recordOutcome(succeeded: readonly number[], failed: readonly number[], now: Date): Promise<void> {
      if (succeeded.length > 0) {
        await ref.db
          .updateTable('push_subscriptions')
          .set({ last_success_at: now, failure_count: 0 })
          .where('id', '=', sql<number>`ANY(${[...succeeded]}::int[])`)
          .execute();
      }
      if (failed.length > 0) {
        await ref.db
          .updateTable('push_subscriptions')
          .set({ failure_count: sql<number>`failure_count + 1` })
          .where('id', '=', sql<number>`ANY(${[...failed]}::int[])`)
          .execute();
      }
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
