import { sql, type Kysely } from 'kysely';

/**
 * The leaderboard's location scope ranks users with a saved place inside a circle of up to
 * 5 km. Read through saved_locations' GiST index, each of the thousands of places in a city's
 * circle costs a heap visit and a look-up of its owner's score. leaderboard_places keeps, per
 * saved place (not businesses'), its grid cell, its point and a copy of its owner's ranking
 * fields, so one index-only scan over the cells the circle covers yields everything a page
 * and a rank need (features/leaderboard/circle-cells.ts chooses the cells).
 *
 * The grid: cells of 0.01° of latitude by 0.01° of longitude (about 1.1 km by 1.05 km in
 * Mumbai); north of 85° and south of -85° a whole row is one cell, so a circle near a pole
 * still covers a bounded number of cells. circle-cells.ts computes the same numbers; they are
 * written out here because a migration must not change when code does.
 *
 * Rows exist for users who have a user_scores row (as the other scopes rank), and are kept by
 * triggers whoever writes saved_locations or user_scores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE FUNCTION leaderboard_cell(g geography) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT (r.row_index + 9000) * 36000
             + CASE WHEN r.row_index >= 8500 OR r.row_index < -8500 THEN 0
                    ELSE ((floor(ST_X(g::geometry) * 100)::integer + 18000) % 36000 + 36000) % 36000 END
      FROM (SELECT least(8999, greatest(-9000, floor(ST_Y(g::geometry) * 100)::integer)) AS row_index) r
    $$;

    CREATE TABLE leaderboard_places (
      place_id    integer PRIMARY KEY REFERENCES saved_locations(id) ON DELETE CASCADE,
      user_id     integer NOT NULL REFERENCES user_scores(user_id) ON DELETE CASCADE,
      cell        integer NOT NULL,
      location    geography(Point, 4326) NOT NULL,
      -- Copies of user_scores: the ranking order and who may be listed.
      total       integer NOT NULL,
      reached_at  timestamptz NOT NULL,
      listed_from date
    );
    -- Covering, so the circle's rows come from the index alone.
    CREATE INDEX leaderboard_places_cell_idx ON leaderboard_places (cell)
      INCLUDE (user_id, total, reached_at, listed_from, location);
    CREATE INDEX leaderboard_places_user_idx ON leaderboard_places (user_id);

    -- A saved place added, moved, turned into a business place or back.
    CREATE FUNCTION leaderboard_place_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND (NEW.is_business_location OR NEW.user_id <> OLD.user_id) THEN
        DELETE FROM leaderboard_places WHERE place_id = OLD.id;
      END IF;
      IF NOT NEW.is_business_location THEN
        INSERT INTO leaderboard_places AS p (place_id, user_id, cell, location, total, reached_at, listed_from)
        SELECT NEW.id, s.user_id, leaderboard_cell(NEW.location), NEW.location, s.total, s.reached_at, s.listed_from
        FROM user_scores s WHERE s.user_id = NEW.user_id
        ON CONFLICT (place_id) DO UPDATE SET cell = excluded.cell, location = excluded.location;
      END IF;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER leaderboard_place_insert AFTER INSERT ON saved_locations
      FOR EACH ROW EXECUTE FUNCTION leaderboard_place_sync();
    CREATE TRIGGER leaderboard_place_update AFTER UPDATE ON saved_locations
      FOR EACH ROW
      WHEN (OLD.location IS DISTINCT FROM NEW.location OR OLD.is_business_location IS DISTINCT FROM NEW.is_business_location
        OR OLD.user_id IS DISTINCT FROM NEW.user_id)
      EXECUTE FUNCTION leaderboard_place_sync();

    -- A user's first score: their places join the circles.
    CREATE FUNCTION leaderboard_places_of_new_score() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO leaderboard_places (place_id, user_id, cell, location, total, reached_at, listed_from)
      SELECT sl.id, NEW.user_id, leaderboard_cell(sl.location), sl.location, NEW.total, NEW.reached_at, NEW.listed_from
      FROM saved_locations sl WHERE sl.user_id = NEW.user_id AND NOT sl.is_business_location
      ON CONFLICT (place_id) DO NOTHING;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER leaderboard_places_score_insert AFTER INSERT ON user_scores
      FOR EACH ROW EXECUTE FUNCTION leaderboard_places_of_new_score();

    -- A changed total, tie time or listing: every place of the user carries it.
    CREATE FUNCTION leaderboard_places_of_changed_score() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE leaderboard_places SET total = NEW.total, reached_at = NEW.reached_at, listed_from = NEW.listed_from
      WHERE user_id = NEW.user_id;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER leaderboard_places_score_update AFTER UPDATE ON user_scores
      FOR EACH ROW
      WHEN (OLD.total IS DISTINCT FROM NEW.total OR OLD.reached_at IS DISTINCT FROM NEW.reached_at
        OR OLD.listed_from IS DISTINCT FROM NEW.listed_from)
      EXECUTE FUNCTION leaderboard_places_of_changed_score();

    INSERT INTO leaderboard_places (place_id, user_id, cell, location, total, reached_at, listed_from)
    SELECT sl.id, s.user_id, leaderboard_cell(sl.location), sl.location, s.total, s.reached_at, s.listed_from
    FROM saved_locations sl JOIN user_scores s ON s.user_id = sl.user_id
    WHERE NOT sl.is_business_location;
  `,
    )
    .execute(db);
}
