import type { Transaction } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import { hasRow } from '../../core/db/has-row';

export interface AcceptedVolunteerRow {
  notificationId: number;
  eventId: number;
  feedbackAdded: boolean;
  userId: number;
  referralId: string;
}

export function createSosFeedbackRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /** Volunteers and contacts (users) who accepted, or were already rated, in the order they accepted. */
    async acceptedVolunteers(eventId: number): Promise<AcceptedVolunteerRow[]> {
      const rows = await ref.db
        .selectFrom('sos_notifications as n')
        .innerJoin('users as u', 'u.id', 'n.recipient_user_id')
        .select(['n.id', 'n.event_id', 'n.feedback_added', 'u.id as user_id', 'u.referral_id'])
        .where('n.event_id', '=', eventId)
        .where((eb) => eb.or([eb('n.status', '=', 'accepted'), eb('n.feedback_added', '=', true)]))
        .orderBy('n.responded_at')
        .orderBy('n.id')
        .execute();
      return rows.map((r) => ({ notificationId: r.id, eventId: r.event_id, feedbackAdded: r.feedback_added, userId: r.user_id, referralId: r.referral_id }));
    },

    async feedbackOf(eventId: number, giverId: number): Promise<Array<{ receiverId: number; rating: number; feedbackText: string }>> {
      const rows = await ref.db
        .selectFrom('sos_feedback')
        .select(['receiver_id', 'rating', 'feedback_text'])
        .where('event_id', '=', eventId)
        .where('giver_id', '=', giverId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ receiverId: r.receiver_id, rating: r.rating, feedbackText: r.feedback_text }));
    },

    async acceptedRow(trx: Transaction<Database>, eventId: number, volunteerId: number) {
      return trx
        .selectFrom('sos_notifications')
        .select(['id', 'status', 'feedback_added'])
        .where('event_id', '=', eventId)
        .where('recipient_user_id', '=', volunteerId)
        .forUpdate()
        .executeTakeFirst();
    },

    async hasFeedback(trx: Transaction<Database>, eventId: number, giverId: number, receiverId: number): Promise<boolean> {
      return hasRow(
        trx.selectFrom('sos_feedback').select('id').where('event_id', '=', eventId).where('giver_id', '=', giverId).where('receiver_id', '=', receiverId),
      );
    },

    async insert(
      trx: Transaction<Database>,
      input: { eventId: number; giverId: number; receiverId: number; notificationId: number; rating: number; text: string; status: string; now: Date },
    ) {
      const row = await trx
        .insertInto('sos_feedback')
        .values({
          event_id: input.eventId,
          giver_id: input.giverId,
          receiver_id: input.receiverId,
          rating: input.rating,
          feedback_text: input.text,
          status: input.status,
          created_at: input.now,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('sos_notifications').set({ feedback_added: true, updated_at: input.now }).where('id', '=', input.notificationId).execute();
      return { id: row.id, createdAt: new Date(row.created_at) };
    },
  };
}

export type SosFeedbackRepository = ReturnType<typeof createSosFeedbackRepository>;
