import { sql, type Kysely } from 'kysely';

/**
 * The reels desk (`/shorts-crud`): why a moderator hid a reel, and the indexes of its lists.
 * The desk reads every reel a moderator may act on (active and hidden) newest first, the
 * hidden ones alone, and the reels with reports nobody has acted on yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE incidents ADD COLUMN hidden_reason text CHECK (char_length(hidden_reason) <= 500);
    -- The desk's "all" list: newest first, keyset (created_at, id), removed rows left out.
    CREATE INDEX incidents_desk_idx ON incidents (created_at DESC, id DESC) WHERE status IN ('active', 'hidden');
    -- The desk's "hidden" list.
    CREATE INDEX incidents_hidden_idx ON incidents (created_at DESC, id DESC) WHERE status = 'hidden';
    -- The desk's "reported" list: reels with open reports, found without reading closed ones.
    CREATE INDEX content_reports_incident_open_idx ON content_reports (incident_id)
      WHERE incident_id IS NOT NULL AND status = 'open';
  `,
    )
    .execute(db);
}
