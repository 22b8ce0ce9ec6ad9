import { sql, type Kysely } from 'kysely';

/**
 * Members' certificates (the `cartificate` page): each has a code that cannot be guessed,
 * printed with a QR code of its public verification page. A name change replaces the
 * certificate with a new one; an admin can revoke one. A user has at most one current
 * certificate (valid or revoked); replaced ones stay readable as replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE certificates (
      code        text PRIMARY KEY,
      user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- As printed: the name and referral id on the day it was issued.
      name        text NOT NULL,
      referral_id text NOT NULL,
      issued_at   timestamptz NOT NULL,
      status      text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'revoked', 'replaced')),
      changed_at  timestamptz,
      changed_by  integer REFERENCES users(id) ON DELETE SET NULL
    );
    CREATE UNIQUE INDEX certificates_current_idx ON certificates (user_id) WHERE status <> 'replaced';
    CREATE INDEX certificates_changed_by_idx ON certificates (changed_by);
  `,
    )
    .execute(db);
}
