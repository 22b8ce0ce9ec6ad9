import { sql, type Transaction } from 'kysely';
import type { AuditAction, AuditTargetType } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';

export interface AdminUserRow {
  id: number;
  name: string | null;
  phone_number: string;
  roles: string[];
}

export interface AuditFilters {
  actor?: number;
  action?: AuditAction;
  targetType?: AuditTargetType;
  targetId?: string;
  /** Rows older than this id (the previous page's last). */
  before?: number;
  limit: number;
}

export interface AuditRow {
  id: number;
  actor_id: number;
  actor_name: string | null;
  actor_roles: string[];
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

/** `%` and `_` typed by an admin are letters, not wildcards. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function createAdminRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /**
     * Locks every admin's row (users_admins_idx), in id order so that two role changes queue
     * instead of deadlocking. A concurrent change that removed someone's admin role is seen
     * once it commits: the lock re-reads the row and drops it from the list.
     */
    async lockAdmins(trx: Transaction<Database>): Promise<number[]> {
      const rows = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`'admin' = ANY (roles)`)
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((row) => row.id);
    },

    async rolesForUpdate(trx: Transaction<Database>, userId: number): Promise<string[] | undefined> {
      const row = await trx.selectFrom('users').select('roles').where('id', '=', userId).forUpdate().executeTakeFirst();
      return row?.roles;
    },

    async setRoles(trx: Transaction<Database>, userId: number, roles: string[], now: Date): Promise<void> {
      await trx.updateTable('users').set({ roles, updated_at: now }).where('id', '=', userId).execute();
    },

    /**
     * Users whose phone number starts with `phonePrefix`, or whose name or one of its words
     * starts with `namePrefix` (users_phone_prefix_idx; the name's first word by
     * users_name_prefix_idx, later words by a scan, fine for a seldom-used admin search).
     * Ordered by id, from after `afterId`.
     */
    async findUsers(search: { phonePrefix?: string; namePrefix?: string; afterId?: number; limit: number }): Promise<AdminUserRow[]> {
      let query = ref.db.selectFrom('users').select(['id', 'name', 'phone_number', 'roles']);
      if (search.phonePrefix) query = query.where(sql<boolean>`phone_number LIKE ${likePrefix(search.phonePrefix)}`);
      if (search.namePrefix) {
        const prefix = likePrefix(search.namePrefix.toLowerCase());
        query = query.where(sql<boolean>`(lower(name) LIKE ${prefix} OR lower(name) LIKE ${`% ${prefix}`})`);
      }
      if (search.afterId !== undefined) query = query.where('id', '>', search.afterId);
      return query.orderBy('id').limit(search.limit).execute();
    },

    /** A page of the audit log, newest first (audit_log's primary key, or the index of the filter). */
    async audit(filters: AuditFilters): Promise<AuditRow[]> {
      let query = ref.db
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.id', 'a.actor_id')
        .select([
          'a.id',
          'a.actor_id',
          'u.name as actor_name',
          'a.actor_roles',
          'a.action',
          'a.target_type',
          'a.target_id',
          'a.reason',
          'a.before',
          'a.after',
          'a.created_at',
        ]);
      if (filters.actor !== undefined) query = query.where('a.actor_id', '=', filters.actor);
      if (filters.action !== undefined) query = query.where('a.action', '=', filters.action);
      if (filters.targetType !== undefined) query = query.where('a.target_type', '=', filters.targetType);
      if (filters.targetId !== undefined) query = query.where('a.target_id', '=', filters.targetId);
      if (filters.before !== undefined) query = query.where('a.id', '<', filters.before);
      return query.orderBy('a.id', 'desc').limit(filters.limit).execute();
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
