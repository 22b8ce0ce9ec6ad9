import { sql, type Kysely } from 'kysely';

/**
 * What a journey's server watches between the phone's batches (features/journeys/journey-watch.ts):
 * whether it has stopped (`anchor_*`, `still_since`: where a stop began and since when every point
 * stayed near it), gone off course (`closest_m`: the nearest to the destination so far;
 * `off_course_since`), or fallen silent (`last_point_at`). `watch_due_at` is the earliest time one
 * of them could ask "Are you OK?"; the watch pass reads only rows whose time has come (its index).
 * `check_*`: the open question, answered with a PIN. `track_deleted_at`: when a safely ended
 * journey's points were deleted (a day after its end).
 *
 * `safety_timers.kind` tells a journey's timer from a plain one: its texts say "journey".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE safety_timers ADD COLUMN kind text NOT NULL DEFAULT 'timer' CHECK (kind IN ('timer', 'journey'));
    UPDATE safety_timers SET kind = 'journey' WHERE id IN (SELECT timer_id FROM journeys);

    ALTER TABLE journeys
      ADD COLUMN last_point_at    timestamptz,
      ADD COLUMN anchor_lat       double precision,
      ADD COLUMN anchor_lon       double precision,
      ADD COLUMN still_since      timestamptz,
      ADD COLUMN closest_m        double precision,
      ADD COLUMN off_course_since timestamptz,
      ADD COLUMN watch_due_at     timestamptz,
      ADD COLUMN check_reason     text CHECK (check_reason IN ('stopped', 'silent', 'off_course')),
      ADD COLUMN check_asked_at   timestamptz,
      ADD COLUMN track_deleted_at timestamptz;
    CREATE INDEX journeys_watch_due_idx ON journeys (watch_due_at) WHERE watch_due_at IS NOT NULL;
    CREATE INDEX journeys_track_kept_idx ON journeys (timer_id) WHERE track_deleted_at IS NULL;
  `,
    )
    .execute(db);
}
