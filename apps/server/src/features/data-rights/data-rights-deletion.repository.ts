import { sql, type Kysely } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';

/**
 * The SQL of deleting an account (`DELETE /api/users/me`), run inside the transaction that
 * uses the confirming code. Most rows go with the users row (ON DELETE CASCADE: contacts,
 * places, posts, comments, likes, reels, sessions, notifications, points ledger, scores, birth
 * charts, safety PINs and timers, responder verification requests);
 * audit_log has no foreign key and keeps its rows. What cascading cannot do is here.
 */
export function createAccountDeletionRepository(ref: DbRef) {
  return {
    async phoneOf(userId: number): Promise<string | undefined> {
      const row = await ref.db.selectFrom('users').select('phone_number').where('id', '=', userId).executeTakeFirst();
      return row?.phone_number;
    },

    /**
     * The SOS events the person raised stay for the volunteers' ratings (sos_feedback keeps
     * event, volunteer and rating; its giver becomes NULL with the user), without the person:
     * a running alert ends, and the trail, contacts reached, tracking links, evidence and
     * other people's in-app alerts naming them are deleted.
     */
    async anonymiseSosEvents(trx: Kysely<Database>, userId: number, now: Date): Promise<void> {
      const events = trx.selectFrom('sos_events').select('id').where('user_id', '=', userId);
      await trx
        .updateTable('sos_events')
        .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .execute();
      await trx.deleteFrom('sos_location_updates').where('event_id', 'in', events).execute();
      await trx.deleteFrom('sos_tracking_tokens').where('event_id', 'in', events).execute();
      await trx.deleteFrom('sos_notifications').where('event_id', 'in', events).where('recipient_kind', '=', 'contact').execute();
      await trx.deleteFrom('notifications').where('sos_event_id', 'in', events).execute();
      // Evidence files are the person's uploads: deleteOwnMedia removes their records and keys.
      await trx.deleteFrom('sos_evidence_chunks').where('event_id', 'in', events).execute();
      await trx
        .updateTable('sos_events')
        .set({ user_id: null, location: null, accuracy_m: null, last_location: null, last_accuracy_m: null, last_location_at: null, updated_at: now })
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * Deletes the records of the files the user uploaded (posts' photos, reels, catalogue and
     * profile images, feedback screenshots, SOS evidence) and returns their storage keys: the
     * media store's, and the private store's (evidence); the caller removes the files once the
     * transaction has committed. News images stay: they belong to the newsroom.
     */
    async deleteOwnMedia(trx: Kysely<Database>, userId: number): Promise<{ media: string[]; private: string[] }> {
      const deleted = await trx
        .deleteFrom('media_objects')
        .where('owner_id', '=', userId)
        .where('kind', '<>', 'news_image')
        .returning(['key', 'kind'])
        .execute();
      const rows = deleted.filter((r) => r.kind !== 'sos_evidence');
      const screenshots = await trx
        .selectFrom('feedback_tickets')
        .select('screenshot_key')
        .where('user_id', '=', userId)
        .where('screenshot_key', 'is not', null)
        .execute();
      const keys = [...rows.map((r) => r.key), ...screenshots.flatMap((r) => (r.screenshot_key ? [r.screenshot_key] : []))];
      return { media: [...new Set(keys)], private: deleted.filter((r) => r.kind === 'sos_evidence').map((r) => r.key) };
    },

    /**
     * The storage keys of the verification document photos still held (a pending request's);
     * the rows go with the users row, the files are in the private store.
     */
    async verificationDocuments(trx: Kysely<Database>, userId: number): Promise<string[]> {
      const result = await sql<{ key: string }>`
        SELECT document_key AS key FROM responder_verifications WHERE user_id = ${userId} AND document_key IS NOT NULL`.execute(trx);
      return result.rows.map((r) => r.key);
    },

    /**
     * The users row; everything with ON DELETE CASCADE goes with it. The browsers that signed
     * in to the number are forgotten too (login_devices is keyed by the number, not the user).
     */
    async deleteUser(trx: Kysely<Database>, userId: number): Promise<boolean> {
      await sql`DELETE FROM login_devices WHERE phone_number = (SELECT phone_number FROM users WHERE id = ${userId})`.execute(trx);
      const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;
