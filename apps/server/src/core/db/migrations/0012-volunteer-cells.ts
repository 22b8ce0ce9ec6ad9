import { sql, type Kysely } from 'kysely';

/**
 * Volunteers-nearby snaps every volunteer to a grid cell of about 250 m before the radius
 * test (DESIGN.md §8). Storing the cell centre beside the point lets one GiST index answer
 * "cells within R of me" exactly, instead of widening the search by a cell and snapping each
 * candidate per query.
 *
 * The grid (domain/volunteer-grid.ts computes the same in TypeScript): rows are
 * 250 m / 110574 m-per-degree of latitude tall; each row's columns are 250 m wide at the
 * row's centre latitude (111320 m per degree of longitude times its cosine). A point's cell
 * depends on the point alone. The numbers are written out here because a migration must not
 * change when code does: a different grid needs a new migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE FUNCTION volunteer_cell(g geography) RETURNS geography
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT ST_SetSRID(ST_MakePoint(
               (floor(ST_X(g::geometry) / s.step) + 0.5) * s.step,
               s.lat), 4326)::geography
      FROM (
        SELECT r.lat, LEAST(360::float8, 250::float8 / (111320::float8 * cos(radians(r.lat)))) AS step
        FROM (
          SELECT LEAST(90::float8, (floor(ST_Y(g::geometry) / (250::float8 / 110574::float8)) + 0.5) * (250::float8 / 110574::float8)) AS lat
        ) r
      ) s
    $$;

    ALTER TABLE saved_locations ADD COLUMN volunteer_cell geography(Point, 4326)
      GENERATED ALWAYS AS (CASE WHEN is_volunteer_location THEN volunteer_cell(location) END) STORED;
    CREATE INDEX saved_locations_volunteer_cell_gix ON saved_locations USING gist (volunteer_cell)
      WHERE volunteer_cell IS NOT NULL;

    ALTER TABLE users ADD COLUMN last_location_cell geography(Point, 4326)
      GENERATED ALWAYS AS (volunteer_cell(last_location)) STORED;
    CREATE INDEX users_last_location_cell_gix ON users USING gist (last_location_cell)
      WHERE available_for_community AND last_location_cell IS NOT NULL;
  `,
    )
    .execute(db);
}
