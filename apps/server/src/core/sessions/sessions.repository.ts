import { sql, type Kysely } from 'kysely';
import { rolesWithUser, type Permission, type Role } from '@saathi/shared';
import type { DbRef } from '../db/db-ref';
import type { Database } from '../db/schema';

export interface ActiveSession {
  sessionId: number;
  userId: number;
  /** `user` and the roles granted to the user, read on every request so a change applies at once. */
  roles: Role[];
  permissions: Permission[];
  /** The user's date of birth (YYYY-MM-DD), read with the session so that the community's age gate needs no query of its own. */
  dob: string | null;
  lastUsedAt: Date;
}

/** Bearer sessions: only SHA-256 hashes of tokens are stored (sessions.token_hash is unique). */
export function createSessionsRepository(ref: DbRef) {
  return {
    async create(db: Kysely<Database>, input: { userId: number; tokenHash: string; userAgent: string | null; now: Date; expiresAt: Date }) {
      await db
        .insertInto('sessions')
        .values({
          user_id: input.userId,
          token_hash: input.tokenHash,
          user_agent: input.userAgent,
          created_at: input.now,
          last_used_at: input.now,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /** A session that is neither revoked nor expired, with its user's roles and permissions. */
    async findActive(tokenHash: string, now: Date): Promise<ActiveSession | undefined> {
      const row = await ref.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id as sessionId',
          'sessions.user_id as userId',
          'sessions.last_used_at as lastUsedAt',
          'users.roles as roles',
          'users.dob as dob',
          sql<Permission[]>`array(select p.permission from user_permissions p where p.user_id = users.id order by p.permission)`.as('permissions'),
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
      return row ? { ...row, roles: rolesWithUser(row.roles), lastUsedAt: new Date(row.lastUsedAt) } : undefined;
    },

    async touch(sessionId: number, now: Date): Promise<void> {
      await ref.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
    },

    async revoke(sessionId: number, now: Date): Promise<void> {
      await ref.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
