import { sql, type Kysely } from 'kysely';

/**
 * Deleting an account (DELETE /api/users/me). An SOS event outlives the person who raised it
 * only for the volunteers' ratings, so it loses its person instead of being deleted with
 * them: the event's user and first point may be empty, and a rating's giver too. The service
 * blanks the rest (trail, contacts, evidence) in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE sos_events ALTER COLUMN user_id DROP NOT NULL;
    ALTER TABLE sos_events ALTER COLUMN location DROP NOT NULL;
    ALTER TABLE sos_events DROP CONSTRAINT sos_events_user_id_fkey;
    ALTER TABLE sos_events ADD CONSTRAINT sos_events_user_id_fkey
      FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;

    ALTER TABLE sos_feedback ALTER COLUMN giver_id DROP NOT NULL;
    ALTER TABLE sos_feedback DROP CONSTRAINT sos_feedback_giver_id_fkey;
    ALTER TABLE sos_feedback ADD CONSTRAINT sos_feedback_giver_id_fkey
      FOREIGN KEY (giver_id) REFERENCES users(id) ON DELETE SET NULL;
  `,
    )
    .execute(db);
}
