import { sql, type Kysely } from 'kysely';

/**
 * volunteer_cell() (0012) and leaderboard_cell() (0019) call PostGIS by unqualified names. A
 * restore of pg_dump's output runs with an empty search_path, so the generated columns that
 * call volunteer_cell() could not be created there ("type geometry does not exist") and a dump
 * of the database did not restore (deploy/restore.sh, test/processes/backup-restore.test.ts).
 * Each function now carries the schema PostGIS lives in as its own search_path, which pg_dump
 * writes into its definition. The cells they compute do not change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    DO $$
    DECLARE
      postgis_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'postgis');
    BEGIN
      EXECUTE format('ALTER FUNCTION volunteer_cell(geography) SET search_path = %I', postgis_schema);
      EXECUTE format('ALTER FUNCTION leaderboard_cell(geography) SET search_path = %I', postgis_schema);
    END
    $$;
  `,
    )
    .execute(db);
}
