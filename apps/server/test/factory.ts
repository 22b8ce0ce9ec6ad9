import { sql, type Kysely } from 'kysely';
import { REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH, type GrantedRole, type Permission } from '@saathi/shared';
import type { Database } from '../src/core/db/schema';
import { newToken, randomString, sha256Hex } from '../src/core/crypto';

export interface TestUser {
  id: number;
  phoneNumber: string;
  referralId: string;
}

export interface UserOverrides {
  phoneNumber?: string;
  name?: string | null;
  dob?: string | null;
  /** Granted roles (editor, moderator, admin); every user has `user`. */
  roles?: GrantedRole[];
  referralId?: string;
  referredBy?: number | null;
  profileCompleted?: boolean;
  permissions?: Permission[];
}

let sequence = 0;

/** A fresh valid mobile number per call (unique within a test file's database). */
export function uniquePhone(): string {
  sequence += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(sequence).padStart(6, '0')}`;
}

/** Inserts rows the way the app would have, and says so in its name. */
export function createFactory(db: () => Kysely<Database>) {
  return {
    async user(overrides: UserOverrides = {}): Promise<TestUser> {
      const row = await db()
        .insertInto('users')
        .values({
          phone_number: overrides.phoneNumber ?? uniquePhone(),
          name: overrides.name === undefined ? 'Test User' : overrides.name,
          dob: overrides.dob ?? null,
          roles: overrides.roles ?? [],
          referral_id: overrides.referralId ?? randomString(REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH),
          referred_by: overrides.referredBy ?? null,
          is_verified: true,
          profile_completed: overrides.profileCompleted ?? false,
        })
        .returning(['id', 'phone_number', 'referral_id'])
        .executeTakeFirstOrThrow();
      if (overrides.permissions?.length) {
        await db()
          .insertInto('user_permissions')
          .values(overrides.permissions.map((permission) => ({ user_id: row.id, permission })))
          .execute();
      }
      return { id: row.id, phoneNumber: row.phone_number, referralId: row.referral_id };
    },

    /** A session for `user`, like a finished OTP login; returns the bearer token. */
    async loginAs(user: { id: number }, options: { expiresAt?: Date } = {}): Promise<string> {
      const token = newToken();
      await db()
        .insertInto('sessions')
        .values({
          user_id: user.id,
          token_hash: sha256Hex(token),
          expires_at: options.expiresAt ?? sql<Date>`now() + interval '30 days'`,
        })
        .execute();
      return token;
    },
  };
}

export type Factory = ReturnType<typeof createFactory>;
