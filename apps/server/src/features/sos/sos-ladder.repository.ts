import { sql, type Kysely, type Transaction } from 'kysely';
import type { HandedTo, SceneResponder, SceneStatus } from '@saathi/shared';
import type { Database } from '../../core/db/schema';
import { hasRow } from '../../core/db/has-row';

type Db = Kysely<Database> | Transaction<Database>;

/** The SQL of the responder ladder and of the on-scene statuses (the fan-out itself is sos-fanout.repository). */
export const sosLadderRepository = {
  /** Verified responders alerted for this event who have neither answered nor been passed over: the ladder waits on them. */
  async pendingResponders(db: Db, eventId: number): Promise<number> {
    const row = await db
      .selectFrom('sos_notifications')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('event_id', '=', eventId)
      .where('tier', '=', 'responder')
      .where('status', '=', 'notified')
      .where('passed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async hasResponders(db: Db, eventId: number): Promise<boolean> {
    return hasRow(db.selectFrom('sos_notifications').select('id').where('event_id', '=', eventId).where('tier', '=', 'responder'));
  },

  /** Marks a responder passed over (declined or unanswered in time); false when it already was. */
  async markPassed(db: Db, notificationId: number, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('sos_notifications')
      .set({ passed_at: now, updated_at: now })
      .where('id', '=', notificationId)
      .where('passed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async setSceneStatus(db: Db, notificationId: number, status: SceneStatus, handedTo: HandedTo | null, now: Date): Promise<void> {
    await db
      .updateTable('sos_notifications')
      .set({ scene_status: status, handed_to: handedTo, scene_status_at: now, updated_at: now })
      .where('id', '=', notificationId)
      .execute();
  },

  /**
   * The volunteers and contacts coming to an event (accepted), as the person's contacts and the
   * others coming see them: first name, the badge while it is valid at `now`, their status.
   */
  async sceneResponders(db: Db, eventId: number, now: Date, exceptUserId: number | null = null): Promise<SceneResponder[]> {
    const rows = await db
      .selectFrom('sos_notifications as n')
      .innerJoin('users as u', 'u.id', 'n.recipient_user_id')
      .select([
        'u.name',
        'n.recipient_kind',
        sql<SceneResponder['verifiedProfession']>`CASE WHEN u.verified_until > ${now}::timestamptz THEN u.verified_profession END`.as('verified_profession'),
        'n.scene_status',
        'n.handed_to',
      ])
      .where('n.event_id', '=', eventId)
      .where('n.status', '=', 'accepted')
      .$if(exceptUserId !== null, (q) => q.where('n.recipient_user_id', '<>', exceptUserId as number))
      .orderBy('n.responded_at')
      .orderBy('n.id')
      .execute();
    return rows.map((r) => ({
      name: r.name?.trim().split(/\s+/)[0] || null,
      role: r.recipient_kind,
      verifiedProfession: r.verified_profession,
      sceneStatus: r.scene_status,
      handedTo: r.handed_to,
    }));
  },
};
