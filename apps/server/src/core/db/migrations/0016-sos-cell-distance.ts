import { sql, type Kysely } from 'kysely';

/**
 * An SOS owner must not learn an alerted volunteer's exact distance (DESIGN.md §8): three alerts
 * raised from three points would trilaterate the volunteer to metres, which the ~250 m privacy
 * grid of volunteers-nearby (0012-volunteer-cells) exists to prevent.
 *
 * From now on the fan-out measures each volunteer from the centre of their privacy cell
 * (volunteer_cell(), stored as saved_locations.volunteer_cell and users.last_location_cell) and
 * writes that figure to cell_distance_m; the owner is shown only its band. distance_m, the
 * exact distance, is written only when the volunteer accepts, and cleared when they withdraw.
 *
 * Rows written before this migration measured the exact point. Their distance_m moves to
 * cell_distance_m (only its band is ever shown, which is no finer than the radius step radius_m
 * the owner already saw), and is kept only for volunteers who accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE sos_notifications ADD COLUMN cell_distance_m integer CHECK (cell_distance_m >= 0);
    COMMENT ON COLUMN sos_notifications.cell_distance_m IS
      'Volunteers: metres from the victim to the centre of their privacy cell when alerted (only its band is shown before they accept)';
    COMMENT ON COLUMN sos_notifications.distance_m IS
      'Exact metres from the victim, set when the volunteer accepts (NULL before, and after a withdrawal)';

    UPDATE sos_notifications SET cell_distance_m = distance_m WHERE recipient_kind = 'volunteer';
    UPDATE sos_notifications SET distance_m = NULL WHERE distance_m IS NOT NULL AND status <> 'accepted';
  `,
    )
    .execute(db);
}
