import { sql, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema';

export interface NewRecipient {
  id: number;
  userId: number | null;
  phone: string | null;
  name: string | null;
  distanceM: number | null;
}

/** A volunteer's live position counts for this long (DESIGN.md §5). */
export const LIVE_LOCATION_FRESH_MS = 15 * 60_000;
/** Upper bound of volunteers alerted by one widening step. */
export const MAX_VOLUNTEERS_PER_STEP = 5000;

/** The SQL of the fan-out: who is alerted, written as one row per recipient per event. */
export const sosFanoutRepository = {
  /**
   * The victim's emergency contacts, one row each; a contact whose number belongs to a user
   * is linked to that user (push + in-app too). The unique indexes make a retry a no-op
   * and keep a number listed twice from being alerted twice; the victim's own number is skipped.
   */
  async insertContacts(trx: Transaction<Database>, eventId: number, victimId: number, now: Date): Promise<NewRecipient[]> {
    const result = await sql<{ id: number; recipient_user_id: number | null; contact_phone: string | null; contact_name: string | null }>`
      INSERT INTO sos_notifications (event_id, recipient_kind, recipient_user_id, contact_name, contact_phone, channel, created_at, updated_at)
      SELECT ${eventId}, 'contact', u.id, ec.name, ec.phone_number, 'sms', ${now}::timestamptz, ${now}::timestamptz
      FROM emergency_contacts ec
      JOIN users victim ON victim.id = ec.user_id
      LEFT JOIN users u ON u.phone_number = ec.phone_number
      WHERE ec.user_id = ${victimId}
        AND ec.phone_number ~ '^[6-9][0-9]{9}$'
        AND ec.phone_number <> victim.phone_number
      ORDER BY ec.position, ec.id
      ON CONFLICT DO NOTHING
      RETURNING id, recipient_user_id, contact_phone, contact_name`.execute(trx);
    return result.rows.map((r) => ({ id: r.id, userId: r.recipient_user_id, phone: r.contact_phone, name: r.contact_name, distanceM: null }));
  },

  /**
   * Available volunteers within `radiusM` of the victim's newest position, nearest first:
   * at a place they volunteer from, or where their device was in the last 15 minutes.
   * Anyone already alerted for this event (contacts, earlier steps) is skipped by the
   * unique index; the victim never alerts themself.
   */
  async insertVolunteers(trx: Transaction<Database>, eventId: number, victimId: number, radiusM: number, now: Date): Promise<NewRecipient[]> {
    const freshSince = new Date(now.getTime() - LIVE_LOCATION_FRESH_MS);
    const result = await sql<{ id: number; recipient_user_id: number; distance_m: number }>`
      WITH origin AS (
        SELECT COALESCE(last_location, location) AS g FROM sos_events WHERE id = ${eventId}
      ),
      places AS (
        SELECT sl.user_id, ST_Distance(sl.location, o.g) AS d
        FROM saved_locations sl, origin o
        WHERE sl.is_volunteer_location AND ST_DWithin(sl.location, o.g, ${radiusM})
        UNION ALL
        SELECT u.id, ST_Distance(u.last_location, o.g)
        FROM users u, origin o
        WHERE u.available_for_community AND u.last_location IS NOT NULL
          AND u.last_location_at >= ${freshSince}::timestamptz
          AND ST_DWithin(u.last_location, o.g, ${radiusM})
      ),
      nearest AS (
        SELECT p.user_id, min(p.d) AS d
        FROM places p JOIN users u ON u.id = p.user_id
        WHERE u.available_for_community AND u.id <> ${victimId}
          AND NOT EXISTS (SELECT 1 FROM sos_notifications n WHERE n.event_id = ${eventId} AND n.recipient_user_id = p.user_id)
        GROUP BY p.user_id
        ORDER BY min(p.d), p.user_id
        LIMIT ${MAX_VOLUNTEERS_PER_STEP}
      )
      INSERT INTO sos_notifications (event_id, recipient_kind, recipient_user_id, channel, distance_m, radius_m, created_at, updated_at)
      SELECT ${eventId}, 'volunteer', user_id, 'push', round(d)::int, ${radiusM}, ${now}::timestamptz, ${now}::timestamptz
      FROM nearest ORDER BY d, user_id
      ON CONFLICT DO NOTHING
      RETURNING id, recipient_user_id, distance_m`.execute(trx);
    return result.rows
      .map((r) => ({ id: r.id, userId: r.recipient_user_id, phone: null, name: null, distanceM: r.distance_m }))
      .sort((a, b) => (a.distanceM ?? 0) - (b.distanceM ?? 0) || a.id - b.id);
  },

  async insertTrackingTokens(
    trx: Transaction<Database>,
    eventId: number,
    tokens: ReadonlyArray<{ notificationId: number; tokenHash: string; name: string | null; phone: string | null }>,
    expiresAt: Date,
  ): Promise<void> {
    if (tokens.length === 0) return;
    await trx
      .insertInto('sos_tracking_tokens')
      .values(
        tokens.map((t) => ({
          event_id: eventId,
          notification_id: t.notificationId,
          token_hash: t.tokenHash,
          contact_name: t.name,
          contact_phone: t.phone,
          expires_at: expiresAt,
        })),
      )
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  },
};
