import {
  RESPONDER_LIMITS,
  type MyVerification,
  type ReviewedVerification,
  type Role,
  type Verification,
  type VerificationRequestFields,
  type VerificationStatus,
} from '@saathi/shared';
import type { Readable } from 'node:stream';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import { AppError, NotFoundError } from '../../core/errors';
import { alertsT, languageOf } from '../../core/i18n';
import type { NotificationsService } from '../../core/notifications';
import type { DocumentStore } from './responders-document';
import type { RespondersRepository, VerificationRow } from './responders.repository';
import { toDateOrNull } from '../../core/db/row-values';

const YEAR_MS = RESPONDER_LIMITS.verificationDays * 86_400_000;
/** The reviewers' list shows this many per status. */
const LIST_LIMIT = 200;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** What a request is now: an approval whose year is over reads as expired. */
function statusOf(row: VerificationRow, now: Date): VerificationStatus {
  if (row.status === 'approved' && row.expires_at && new Date(row.expires_at) <= now) return 'expired';
  return row.status;
}

function toView(row: VerificationRow, now: Date): Verification {
  return {
    id: row.id,
    profession: row.profession,
    registrationNumber: row.registration_number,
    council: row.council,
    station: row.station,
    status: statusOf(row, now),
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: toDateOrNull(row.decided_at)?.toISOString() ?? null,
    reason: row.reason,
    expiresAt: toDateOrNull(row.expires_at)?.toISOString() ?? null,
  };
}

function toReviewed(row: VerificationRow, now: Date): ReviewedVerification {
  return {
    ...toView(row, now),
    applicant: { id: row.user_id, name: row.applicant_name },
    documentUrl: row.document_key ? `/api/responders/verifications/${row.id}/document` : null,
  };
}

interface Reviewer {
  id: number;
  roles: readonly Role[];
}

/**
 * Verified responders: requests with a registration or badge number and a document photo;
 * moderators approve (a year), reject or revoke, each decision audited in its own transaction.
 * The photo is private and deleted once decided; the badge lives on the user row for the fan-out.
 */
export function createRespondersService(deps: {
  responders: RespondersRepository;
  documents: DocumentStore;
  notifications: NotificationsService;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}) {
  const { responders, documents, notifications, clock, log } = deps;

  /** Tells the volunteer what was decided, in their language (after the commit; a failed push is only logged). */
  async function tell(row: VerificationRow, outcome: 'approved' | 'rejected' | 'revoked', reason: string | null, until: Date | null) {
    const language = languageOf(row.applicant_language);
    const t = alertsT(language);
    try {
      await notifications.deliver([
        {
          userId: row.user_id,
          type: `responders.${outcome}`,
          title: t(`verification.${outcome}.title`),
          body: t(`verification.${outcome}.body`, {
            reason: reason ?? '—',
            until: until ? until.toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }) : '',
          }),
          data: { url: '/account?tab=volunteering' },
          sosEventId: null,
          actorId: null,
          dedupeKey: `responders:${row.id}:${outcome}`,
        },
      ]);
    } catch (error) {
      log.warn({ verificationId: row.id, reason: String(error) }, 'verification notice was not sent');
    }
  }

  /**
   * Moves a request that is `from` now to `to`, in one transaction with the badge and its audit
   * row; then deletes the photo (a file a crash left behind goes with a retry) and tells the volunteer.
   */
  async function settle(reviewer: Reviewer, id: number, from: 'pending' | 'approved', to: 'approved' | 'rejected' | 'revoked', reason: string | null) {
    const now = clock();
    const until = to === 'approved' ? new Date(now.getTime() + YEAR_MS) : null;
    const before = await responders.transaction(async (trx) => {
      const found = await responders.find(id, trx, true);
      if (!found) throw new NotFoundError('Verification request not found', 'verification_not_found');
      if (statusOf(found, now) !== from) throw new AppError('verification_closed', `This request is ${statusOf(found, now)}`);
      await responders.decide(trx, id, { status: to, by: reviewer.id, reason, expiresAt: until, now });
      if (to !== 'rejected') await responders.setBadge(trx, found.user_id, until && { profession: found.profession, until });
      await recordAudit(trx, {
        actor: reviewer,
        action: to === 'revoked' ? 'responder_verification_revoke' : 'responder_verification_decide',
        target: { type: 'responder_verification', id },
        reason,
        before: { status: from },
        after: { status: to, profession: found.profession, userId: found.user_id },
        at: now,
      });
      return found;
    });
    if (before.document_key) await documents.delete(before.document_key);
    await tell(before, to, reason, until);
    const after = await responders.find(id);
    if (!after) throw new NotFoundError('Verification request not found', 'verification_not_found');
    return toReviewed(after, now);
  }

  return {
    async request(userId: number, fields: VerificationRequestFields, document: Buffer): Promise<Verification> {
      const now = clock();
      const key = await documents.save(document);
      try {
        const id = await responders.insert({
          userId,
          profession: fields.profession,
          registrationNumber: fields.registrationNumber ?? null,
          council: fields.council ?? null,
          station: fields.station ?? null,
          documentKey: key,
          now,
        });
        const row = await responders.find(id);
        return toView(row as VerificationRow, now);
      } catch (error) {
        await documents.delete(key);
        if (isUniqueViolation(error)) throw new AppError('verification_pending', 'A verification request is already waiting for a decision');
        throw error;
      }
    },

    async mine(userId: number): Promise<MyVerification> {
      const now = clock();
      const latest = await responders.latestOf(userId);
      const view = latest ? toView(latest, now) : null;
      return {
        latest: view,
        verified:
          latest && view?.status === 'approved' && latest.expires_at
            ? { profession: latest.profession, until: new Date(latest.expires_at).toISOString() }
            : null,
      };
    },

    async list(status: VerificationStatus): Promise<{ items: ReviewedVerification[] }> {
      const now = clock();
      return { items: (await responders.list(status, now, LIST_LIMIT)).map((row) => toReviewed(row, now)) };
    },

    async document(id: number): Promise<{ stream: Readable; sizeBytes: number }> {
      const row = await responders.find(id);
      const file = row?.document_key ? await documents.open(row.document_key) : undefined;
      if (!file) throw new NotFoundError('No document for this request', 'verification_not_found');
      return file;
    },

    decide: (reviewer: Reviewer, id: number, decision: 'approve' | 'reject', reason: string | null): Promise<ReviewedVerification> =>
      settle(reviewer, id, 'pending', decision === 'approve' ? 'approved' : 'rejected', reason),

    revoke: (reviewer: Reviewer, id: number, reason: string): Promise<ReviewedVerification> => settle(reviewer, id, 'approved', 'revoked', reason),
  };
}

export type RespondersService = ReturnType<typeof createRespondersService>;
