import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  grantedRolesOf,
  ROLES,
  rolesWithUser,
  type AdminUsersPage,
  type AuditEntry,
  type AuditPage,
  type Role,
  type UserRoles,
} from '@saathi/shared';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import { ConflictError, NotFoundError } from '../../core/errors';
import type { AuthUser } from '../../plugins/app/auth';
import type { AdminRepository, AuditFilters, AuditRow } from './admin.repository';

/** Users per page of the admin search. */
export const ADMIN_USERS_PAGE_SIZE = 20;

/**
 * Roles and the audit log. Who may call these is the endpoints' `access: 'admin'`, checked by
 * the auth hook; this service holds the rules of the change itself.
 */
export function createAdminService({ admin, clock }: { admin: AdminRepository; clock: Clock }) {
  return {
    /**
     * Sets a user's roles as a whole and records the change, in one transaction. The last
     * admin keeps the role: without one, nobody could grant it again. The user's next request
     * reads the new roles (the session lookup joins users).
     */
    async setRoles(caller: AuthUser, userId: number, requested: readonly Role[]): Promise<UserRoles> {
      const next = grantedRolesOf(requested);
      const roles = await admin.transaction(async (trx) => {
        const admins = await admin.lockAdmins(trx);
        const current = await admin.rolesForUpdate(trx, userId);
        if (!current) throw new NotFoundError('There is no user with this id.', 'user_not_found');
        const before = grantedRolesOf(current);
        if (before.join() === next.join()) return before;
        if (before.includes('admin') && !next.includes('admin') && admins.filter((id) => id !== userId).length === 0) {
          throw new ConflictError('Saathi needs at least one admin: grant the role to someone else first.', 'roles', 'last_admin');
        }
        const now = clock();
        await admin.setRoles(trx, userId, next, now);
        await recordAudit(trx, {
          actor: caller,
          action: 'role_change',
          target: { type: 'user', id: userId },
          before: { roles: rolesWithUser(before) },
          after: { roles: rolesWithUser(next) },
          at: now,
        });
        return next;
      });
      return { id: userId, roles: rolesWithUser(roles) };
    },

    /** Digits look up phone numbers (without the country code: +91, or 91 before ten digits); other text, names. */
    async findUsers(query: string | undefined, cursor: string | undefined): Promise<AdminUsersPage> {
      const text = query?.trim() ?? '';
      const digits = /^\+?[\d\s-]+$/.test(text) ? phonePrefixOf(text) : undefined;
      const rows = await admin.findUsers({
        ...(digits !== undefined ? { phonePrefix: digits } : text ? { namePrefix: text } : {}),
        ...(cursor ? { afterId: Number(cursor) } : {}),
        limit: ADMIN_USERS_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
      return {
        items: page.map((row) => ({ id: row.id, name: row.name, phoneNumber: row.phone_number, roles: rolesWithUser(row.roles) })),
        nextCursor: rows.length > ADMIN_USERS_PAGE_SIZE ? String(page.at(-1)?.id) : null,
      };
    },

    async audit(filters: Omit<AuditFilters, 'before'> & { cursor?: string }): Promise<AuditPage> {
      const { cursor, limit, ...rest } = filters;
      const rows = await admin.audit({ ...rest, ...(cursor ? { before: Number(cursor) } : {}), limit: limit + 1 });
      const page = rows.slice(0, limit);
      return { items: page.map(toAuditEntry), nextCursor: rows.length > limit ? String(page.at(-1)?.id) : null };
    },
  };
}

/** Stored numbers are the bare ten digits. */
function phonePrefixOf(text: string): string {
  const digits = text.replace(/\D/g, '');
  return text.startsWith('+') ? digits.replace(/^91/, '') : digits.replace(/^91(?=\d{10}$)/, '');
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actor_id, name: row.actor_name },
    // Roles are only ever added to ROLES; a row keeps what the actor held then.
    actorRoles: ROLES.filter((role) => row.actor_roles.includes(role)),
    action: row.action as (typeof AUDIT_ACTIONS)[number],
    target: { type: row.target_type as (typeof AUDIT_TARGET_TYPES)[number], id: row.target_id },
    reason: row.reason,
    before: row.before,
    after: row.after,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
