import type { AuditAction, AuditTargetType, Role } from '@saathi/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** One management action, as the audit log keeps it. */
export interface AuditEntryInput {
  actor: { id: number; roles: readonly Role[] };
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number };
  reason?: string | null;
  /** Small summaries of what changed (the role lists, a status), not whole records. */
  before?: unknown;
  after?: unknown;
  /** When it happened (the app's clock); the database's now() otherwise. */
  at?: Date;
}

/**
 * Records a management action in the audit log. It takes the action's own transaction, so
 * the row exists exactly when the action does: a rolled-back action leaves no row, and no
 * action commits without one. Features call this; nothing ever updates or deletes a row.
 */
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntryInput): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor.id,
      actor_roles: [...entry.actor.roles],
      action: entry.action,
      target_type: entry.target.type,
      target_id: String(entry.target.id),
      reason: entry.reason ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .execute();
}
