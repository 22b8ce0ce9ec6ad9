import type { DeletionCodeResponse, UserDataExport } from '@saathi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import { newToken, sha256Hex } from '../../core/crypto';
import { NotFoundError } from '../../core/errors';
import type { Database } from '../../core/db/schema';
import type { PrivateStorage, Storage } from '../../core/storage';
import type { AuthUser } from '../../plugins/app/auth';
import type { AuthService } from '../auth';
import type { UsersService } from '../users';
import type { AccountDeletionRepository } from './data-rights-deletion.repository';
import type { DataExportRepository } from './data-rights-export.repository';

export interface DataRightsDeps {
  exports: DataExportRepository;
  deletion: AccountDeletionRepository;
  users: UsersService;
  auth: AuthService;
  storage: Pick<Storage, 'delete'>;
  /** The private files: SOS evidence and verification document photos (not in the media storage). */
  privateFiles: Pick<PrivateStorage, 'delete'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * A deletion code's attempt id starts with the session that asked for it: only that session
 * can use it, and the random rest (never sent to the client) keeps it out of the login form.
 */
const deletionAttemptPrefix = (sessionId: number) => `account-deletion-${sessionId}-`;

/** The user's rights over their data (DPDP Act 2023): a copy of it all, and erasure. */
export function createDataRightsService(deps: DataRightsDeps) {
  const { exports, deletion, users, auth, storage, privateFiles, clock, log } = deps;

  return {
    async exportData(userId: number): Promise<UserDataExport> {
      const profile = await users.getUser(userId);
      return { exportedAt: clock().toISOString(), profile, ...(await exports.sections(userId)) };
    },

    async sendDeletionCode(userId: number, sessionId: number, ip: string): Promise<DeletionCodeResponse> {
      const phone = await deletion.phoneOf(userId);
      if (!phone) throw new NotFoundError('User not found', 'user_not_found');
      // The signed-in owner's own codes wait on their own ladder (one per session), unchallenged.
      const { expiresInSeconds, resendAfterSeconds } = await auth.requestCode({
        phoneNumber: phone,
        ip,
        device: { hash: sha256Hex(`account-deletion:${sessionId}`), presented: true },
        signedIn: true,
        attemptId: `${deletionAttemptPrefix(sessionId)}${newToken()}`,
        purpose: 'deletion',
      });
      return { sent: true, expiresInSeconds, resendAfterSeconds };
    },

    /**
     * Checks the code and deletes in one transaction, so a wrong code deletes nothing. The
     * audit log keeps that the account was deleted (its id and what went, no personal data:
     * the DPDP Act asks the erasure be shown, not the erased). Files are removed after the
     * commit: a file left behind by a storage error is logged, while a rollback after removing
     * files would have lost media of a live account.
     */
    async deleteAccount(caller: AuthUser, sessionId: number, code: string, ip: string): Promise<void> {
      const userId = caller.id;
      const phone = await deletion.phoneOf(userId);
      if (!phone) throw new NotFoundError('User not found', 'user_not_found');
      const files = await auth.confirmCode({ phoneNumber: phone, code, attemptPrefix: deletionAttemptPrefix(sessionId), ip }, async (trx) => {
        await deletion.anonymiseSosEvents(trx, userId, clock());
        const own = await deletion.deleteOwnMedia(trx, userId);
        const verificationDocuments = await deletion.verificationDocuments(trx, userId);
        if (!(await deletion.deleteUser(trx, userId))) throw new NotFoundError('User not found', 'user_not_found');
        // confirmCode runs `work` inside its transaction: the audit row commits with the deletion or not at all.
        await recordAudit(trx as Transaction<Database>, {
          actor: caller,
          action: 'account_delete',
          target: { type: 'user', id: userId },
          after: { files: own.media.length + own.private.length + verificationDocuments.length },
          at: clock(),
        });
        return { own, verificationDocuments };
      });
      const leftBehind = (key: string) => (error: unknown) => log.error({ err: error, key }, 'a deleted account left a media file behind');
      for (const key of files.own.media) await storage.delete(key).catch(leftBehind(key));
      for (const key of [...files.own.private, ...files.verificationDocuments]) await privateFiles.delete(key).catch(leftBehind(key));
    },
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
