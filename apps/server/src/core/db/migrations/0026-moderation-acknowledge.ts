import { sql, type Kysely } from 'kysely';

/**
 * The moderation desk's second round (issue #17):
 * - A moderator acknowledges a report (IT Rules 2021: within 24 hours) before deciding it.
 *   The acknowledgement lives on each open report, so a report that comes in later starts
 *   its own 24-hour clock; a decision acknowledges whatever it closes.
 * - A comment hides pending review after enough distinct reports, as a post does.
 * - Warn and suspend keep the item up unless the moderator also removes it: the decision
 *   records whether it removed the item, so an overturned appeal knows what to bring back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE content_reports ADD COLUMN acknowledged_by integer REFERENCES users(id) ON DELETE SET NULL;
    ALTER TABLE content_reports ADD COLUMN acknowledged_at timestamptz;
    CREATE INDEX content_reports_acknowledged_by_idx ON content_reports (acknowledged_by) WHERE acknowledged_by IS NOT NULL;

    ALTER TABLE post_comments DROP CONSTRAINT post_comments_status_check;
    ALTER TABLE post_comments ADD CONSTRAINT post_comments_status_check CHECK (status IN ('active', 'hidden', 'removed'));

    ALTER TABLE moderation_decisions ADD COLUMN removed_item boolean NOT NULL DEFAULT false;
    UPDATE moderation_decisions SET removed_item = (action <> 'restore');
  `,
    )
    .execute(db);
}
