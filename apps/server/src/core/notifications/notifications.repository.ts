import { sql, type Selectable } from 'kysely';
import type { DbRef } from '../db/db-ref';
import type { NotificationsTable } from '../db/tables/notifications';

export type NotificationRow = Selectable<NotificationsTable>;

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  body: string;
  data?: Record<string, unknown>;
  sosEventId?: number | null;
  postId?: number | null;
  actorId?: number | null;
  /** Unique per user: writing the same key twice keeps the first row. */
  dedupeKey?: string;
}

export function createNotificationsRepository(ref: DbRef) {
  return {
    /**
     * Inserts the rows and returns every requested row: `created` is false for those that
     * already existed under the same dedupe key (retried work).
     */
    async insertMany(items: readonly NewNotification[], now: Date): Promise<Array<NotificationRow & { created: boolean }>> {
      if (items.length === 0) return [];
      const inserted = await ref.db
        .insertInto('notifications')
        .values(
          items.map((n) => ({
            user_id: n.userId,
            type: n.type,
            title: n.title.slice(0, 200),
            body: n.body.slice(0, 1000),
            data: JSON.stringify(n.data ?? {}),
            sos_event_id: n.sosEventId ?? null,
            post_id: n.postId ?? null,
            actor_id: n.actorId ?? null,
            dedupe_key: n.dedupeKey ?? null,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
        .returningAll()
        .execute();
      const rows = inserted.map((r) => ({ ...r, created: true }));
      const missing = items.filter((n) => n.dedupeKey && !inserted.some((r) => r.user_id === n.userId && r.dedupe_key === n.dedupeKey));
      if (missing.length > 0) {
        const existing = await ref.db
          .selectFrom('notifications')
          .selectAll()
          .where('user_id', '=', sql<number>`ANY(${missing.map((n) => n.userId)}::int[])`)
          .where('dedupe_key', '=', sql<string>`ANY(${missing.map((n) => n.dedupeKey as string)}::text[])`)
          .execute();
        const wanted = new Set(missing.map((n) => `${n.userId}\u0000${n.dedupeKey}`));
        for (const row of existing) if (wanted.has(`${row.user_id}\u0000${row.dedupe_key}`)) rows.push({ ...row, created: false });
      }
      return rows;
    },

    /** Newest first, each with whether its SOS event (if any) is still active. */
    async list(userId: number, page: number, pageSize: number, unreadOnly: boolean): Promise<Array<NotificationRow & { sos_event_active: boolean | null }>> {
      let query = ref.db
        .selectFrom('notifications as n')
        .leftJoin('sos_events as e', 'e.id', 'n.sos_event_id')
        .selectAll('n')
        .select(sql<boolean | null>`e.status = 'active'`.as('sos_event_active'))
        .where('n.user_id', '=', userId);
      if (unreadOnly) query = query.where('n.read_at', 'is', null);
      return query
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize)
        .execute();
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await ref.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the caller's own rows only: ids of other users' notifications change nothing. */
    async markRead(userId: number, ids: readonly number[] | undefined, now: Date): Promise<number> {
      let query = ref.db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (ids) query = query.where('id', '=', sql<number>`ANY(${[...ids]}::int[])`);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
