import { sql, type Kysely } from 'kysely';

/**
 * DESIGN.md §8: a date-of-birth edit cannot lift a user across 13 or 18. `first_dob` keeps the
 * first date of birth given with the account (the profile stepper's entry), set once and never
 * changed by the app, so clearing the date or editing it down and then up cannot launder an
 * age: PATCH /api/users/me judges a new dob against both `dob` and `first_dob`. Support
 * corrects a wrong date in the database, setting both columns. Existing accounts keep their
 * current dob as the first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE users ADD COLUMN first_dob date;
    UPDATE users SET first_dob = dob WHERE dob IS NOT NULL;
  `,
    )
    .execute(db);
}
