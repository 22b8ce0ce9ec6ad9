import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';

export type PushTarget = { kind: 'webpush'; endpoint: string; p256dh: string; auth: string } | { kind: 'fcm'; endpoint: string };

/** Browser push subscriptions and FCM tokens, one row per endpoint (unique). */
export function createPushRepository(ref: DbRef) {
  return {
    /**
     * Stores the endpoint for this user. An endpoint belongs to one browser, so when it was
     * registered by someone else (a shared phone, a new login) it moves to the caller.
     */
    async upsert(userId: number, target: PushTarget): Promise<void> {
      const keys = target.kind === 'webpush' ? { p256dh: target.p256dh, auth: target.auth } : { p256dh: null, auth: null };
      await ref.db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, kind: target.kind, endpoint: target.endpoint, ...keys })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: userId,
            kind: target.kind,
            p256dh: keys.p256dh,
            auth: keys.auth,
            failure_count: 0,
            created_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    /** The caller's app language, which the test push is written in. */
    async languageOf(userId: number): Promise<string | undefined> {
      const row = await ref.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return row?.language;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
