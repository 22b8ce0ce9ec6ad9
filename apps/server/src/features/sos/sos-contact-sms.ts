import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../core/db/schema';
import type { SosStatus } from '../../core/db/tables/sos';

/**
 * A contact's SOS SMS was taken by a gateway (core/sms calls this in the transaction that
 * records it): the contact counts as reached, so the all-clear and the owner's counts follow.
 */
export async function markContactTexted(trx: Transaction<Database>, notificationId: number, now: Date): Promise<void> {
  await trx
    .updateTable('sos_notifications')
    .set({ delivery_status: 'sent', delivery_error: null, updated_at: now })
    .where('id', '=', notificationId)
    .where('delivery_status', '=', 'pending')
    .execute();
}

/** The event a recipient row belongs to and its owner, to tell the owner's screen an SMS moved. */
export async function sosEventOfNotification(
  db: Kysely<Database>,
  notificationId: number,
): Promise<{ eventId: number; ownerId: number; status: SosStatus } | undefined> {
  const row = await db
    .selectFrom('sos_notifications as n')
    .innerJoin('sos_events as e', 'e.id', 'n.event_id')
    .select(['e.id as eventId', 'e.user_id as ownerId', 'e.status'])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { eventId: Number(row.eventId), ownerId: Number(row.ownerId), status: row.status };
}
