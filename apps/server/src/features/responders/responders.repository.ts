import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { ResponderVerificationsTable } from '../../core/db/tables/responders';

type Db = Kysely<Database> | Transaction<Database>;
export type VerificationRow = Selectable<ResponderVerificationsTable> & { applicant_name: string | null; applicant_language: string | null };

const selectVerification = (db: Db) =>
  db
    .selectFrom('responder_verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .selectAll('v')
    .select(['u.name as applicant_name', 'u.language as applicant_language']);

/** The SQL of verification requests and of the badge on the user row. */
export function createRespondersRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    async insert(input: {
      userId: number;
      profession: VerificationRow['profession'];
      registrationNumber: string | null;
      council: string | null;
      station: string | null;
      documentKey: string;
      now: Date;
    }): Promise<number> {
      const row = await ref.db
        .insertInto('responder_verifications')
        .values({
          user_id: input.userId,
          profession: input.profession,
          registration_number: input.registrationNumber,
          council: input.council,
          station: input.station,
          document_key: input.documentKey,
          created_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(id: number, db: Db = ref.db, forUpdate = false): Promise<VerificationRow | undefined> {
      return selectVerification(db)
        .where('v.id', '=', id)
        .$if(forUpdate, (q) => q.forUpdate('v'))
        .executeTakeFirst();
    },

    /** The person's newest request (responder_verifications_user_idx). */
    async latestOf(userId: number): Promise<VerificationRow | undefined> {
      return selectVerification(ref.db).where('v.user_id', '=', userId).orderBy('v.id', 'desc').limit(1).executeTakeFirst();
    },

    /**
     * Requests by status, oldest first (responder_verifications_status_idx); `expired` reads as
     * approved ones whose year is over, `approved` as those still within it.
     */
    async list(status: 'pending' | 'approved' | 'rejected' | 'revoked' | 'expired', now: Date, limit: number): Promise<VerificationRow[]> {
      let query = selectVerification(ref.db);
      if (status === 'expired') query = query.where('v.status', '=', 'approved').where('v.expires_at', '<=', now);
      else if (status === 'approved') query = query.where('v.status', '=', 'approved').where('v.expires_at', '>', now);
      else query = query.where('v.status', '=', status);
      return query.orderBy('v.id').limit(limit).execute();
    },

    async decide(
      db: Db,
      id: number,
      input: { status: 'approved' | 'rejected' | 'revoked'; by: number; reason: string | null; expiresAt?: Date | null; now: Date },
    ): Promise<void> {
      await db
        .updateTable('responder_verifications')
        .set({
          status: input.status,
          decided_by: input.by,
          // A revoke keeps when it was approved; the decision of a pending request is its time.
          ...(input.status === 'revoked' ? {} : { decided_at: input.now, expires_at: input.expiresAt ?? null }),
          reason: input.reason,
          document_key: null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The badge the fan-out and the radar read: set with an approval, cleared on revoke. */
    async setBadge(db: Db, userId: number, badge: { profession: string; until: Date } | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ verified_profession: badge?.profession ?? null, verified_until: badge?.until ?? null })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type RespondersRepository = ReturnType<typeof createRespondersRepository>;
