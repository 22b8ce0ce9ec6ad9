import { sql, type Kysely } from 'kysely';

/**
 * An emergency contact who uses the app may answer the SOS like a volunteer (issue 29). A contact
 * who is also an available volunteer within the fan-out's radius stays one recipient: one alert,
 * one push, one row, marked here as being both, so the owner's screen can say so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE sos_notifications ADD COLUMN also_volunteer boolean NOT NULL DEFAULT false;
    COMMENT ON COLUMN sos_notifications.also_volunteer IS
      'A contact who is also an available volunteer within the radius that reached them: one row with both roles';
  `,
    )
    .execute(db);
}
