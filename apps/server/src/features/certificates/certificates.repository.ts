import type { Selectable, Transaction } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { CertificatesTable } from '../../core/db/tables/scores';

export type CertificateRow = Pick<Selectable<CertificatesTable>, 'code' | 'name' | 'referral_id' | 'issued_at' | 'status'>;

const COLUMNS = ['code', 'name', 'referral_id', 'issued_at', 'status'] as const;

export function createCertificatesRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /** The user's name and referral id, locked, so two first calls cannot both issue one. */
    async holderForUpdate(trx: Transaction<Database>, userId: number): Promise<{ name: string | null; referralId: string } | undefined> {
      return trx.selectFrom('users').select(['name', 'referral_id as referralId']).where('id', '=', userId).forUpdate().executeTakeFirst();
    },

    /** The user's current certificate (valid or revoked), if any. */
    async current(trx: Transaction<Database>, userId: number): Promise<CertificateRow | undefined> {
      return trx.selectFrom('certificates').select(COLUMNS).where('user_id', '=', userId).where('status', '<>', 'replaced').executeTakeFirst();
    },

    async markReplaced(trx: Transaction<Database>, code: string, now: Date): Promise<void> {
      await trx.updateTable('certificates').set({ status: 'replaced', changed_at: now }).where('code', '=', code).execute();
    },

    async insert(trx: Transaction<Database>, row: { code: string; userId: number; name: string; referralId: string; now: Date }): Promise<CertificateRow> {
      return trx
        .insertInto('certificates')
        .values({ code: row.code, user_id: row.userId, name: row.name, referral_id: row.referralId, issued_at: row.now })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async byCode(code: string): Promise<CertificateRow | undefined> {
      return ref.db.selectFrom('certificates').select(COLUMNS).where('code', '=', code).executeTakeFirst();
    },

    /** The certificate, locked for a change of its status. */
    async byCodeForUpdate(trx: Transaction<Database>, code: string): Promise<CertificateRow | undefined> {
      return trx.selectFrom('certificates').select(COLUMNS).where('code', '=', code).forUpdate().executeTakeFirst();
    },

    async markRevoked(trx: Transaction<Database>, code: string, adminId: number, now: Date): Promise<CertificateRow> {
      return trx
        .updateTable('certificates')
        .set({ status: 'revoked', changed_at: now, changed_by: adminId })
        .where('code', '=', code)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },
  };
}

export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
