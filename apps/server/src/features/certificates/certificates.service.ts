import { CERTIFICATE_CODE_LENGTH, REFERRAL_ID_ALPHABET, type CertificateVerification, type MyCertificate } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { randomString } from '../../core/crypto';
import { recordAudit } from '../../core/audit';
import { ConflictError, NotFoundError } from '../../core/errors';
import type { AuthUser } from '../../plugins/app/auth';
import type { CertificateRow, CertificatesRepository } from './certificates.repository';

export function createCertificatesService({ certificates, clock, publicUrl }: { certificates: CertificatesRepository; clock: Clock; publicUrl: string }) {
  const verification = (row: CertificateRow): CertificateVerification => ({
    name: row.name,
    referralId: row.referral_id,
    issuedAt: row.issued_at.toISOString(),
    status: row.status,
  });

  return {
    /** The caller's certificate: issued on the first call, and issued anew when their name changed. */
    async mine(userId: number): Promise<MyCertificate> {
      const row = await certificates.transaction(async (trx) => {
        const holder = await certificates.holderForUpdate(trx, userId);
        const name = holder?.name?.trim();
        if (!holder || !name) throw new ConflictError('Add your name to your profile to get a certificate.', 'name', 'profile_incomplete');
        const current = await certificates.current(trx, userId);
        // A revoked certificate stays revoked: asking again does not undo Saathi's decision.
        if (current && (current.status === 'revoked' || current.name === name)) return current;
        const now = clock();
        if (current) await certificates.markReplaced(trx, current.code, now);
        return certificates.insert(trx, {
          code: randomString(REFERRAL_ID_ALPHABET, CERTIFICATE_CODE_LENGTH),
          userId,
          name,
          referralId: holder.referralId,
          now,
        });
      });
      return { ...verification(row), code: row.code, verifyUrl: `${publicUrl.replace(/\/$/, '')}/certificates/${row.code}` };
    },

    async verify(code: string): Promise<CertificateVerification> {
      const row = await certificates.byCode(code);
      if (!row) throw new NotFoundError('There is no certificate with this code.', 'certificate_not_found');
      return verification(row);
    },

    /** Who may call it is the endpoint's `access: 'admin'`; a valid certificate is revoked once, and audited. */
    async revoke(caller: AuthUser, code: string): Promise<CertificateVerification> {
      const row = await certificates.transaction(async (trx) => {
        const current = await certificates.byCodeForUpdate(trx, code);
        if (!current) throw new NotFoundError('There is no certificate with this code.', 'certificate_not_found');
        // A revoked or replaced certificate stays as it is: nothing happened, nothing to record.
        if (current.status !== 'valid') return current;
        const now = clock();
        const revoked = await certificates.markRevoked(trx, code, caller.id, now);
        await recordAudit(trx, {
          actor: caller,
          action: 'certificate_revoke',
          target: { type: 'certificate', id: code },
          before: { status: current.status, name: current.name },
          after: { status: revoked.status, name: revoked.name },
          at: now,
        });
        return revoked;
      });
      return verification(row);
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
