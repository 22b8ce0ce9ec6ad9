import { sql, type Kysely } from 'kysely';

/**
 * The leaderboard's points (docs/leaderboard.md): an append-only ledger of every award and
 * take-back, and per user the running totals kept in the same transaction as each ledger row.
 *
 * Each award names what earned it (`source_id`), and a source is awarded at most once net
 * (units +1, or +1 then -1 when it no longer holds, e.g. a saved place removed), so repeating an
 * action, or undoing and redoing it, earns nothing more.
 *
 * user_scores also carries what the ranking filters on (city, state, the day from which the
 * user may be listed), so a page and a rank are read from one table's indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE users ADD COLUMN show_on_leaderboard boolean NOT NULL DEFAULT true;

    CREATE TABLE points_ledger (
      id            bigserial PRIMARY KEY,
      -- Who earns (or loses) the points.
      user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason        text NOT NULL CHECK (reason IN ('referral', 'referral_location', 'volunteer_location', 'active_day', 'referral_active_day')),
      -- What earned them: '2026-11-25' (a day), 'location:2' (the second place), 'user:42' (a
      -- referral), 'user:42:2026-11-25', 'user:42:location:1'.
      source_id     text NOT NULL,
      -- Whose action it was: the earner, or the referral who did it.
      about_user_id integer NOT NULL,
      units         smallint NOT NULL CHECK (units IN (-1, 1)),
      points        integer NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX points_ledger_about_idx ON points_ledger (about_user_id);
    CREATE INDEX points_ledger_user_idx ON points_ledger (user_id);

    -- Rows are only ever added. Deleting an account removes its rows (the cascade runs inside
    -- the foreign key's trigger, one level down); nothing else may change or delete one.
    CREATE FUNCTION points_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'points_ledger is append-only';
    END;
    $$;
    CREATE TRIGGER points_ledger_append_only BEFORE UPDATE OR DELETE ON points_ledger
      FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only();

    CREATE TABLE user_scores (
      user_id                    integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      total                      integer NOT NULL DEFAULT 0,
      referrals                  integer NOT NULL DEFAULT 0,
      referral_points            integer NOT NULL DEFAULT 0,
      referral_locations         integer NOT NULL DEFAULT 0,
      referral_location_points   integer NOT NULL DEFAULT 0,
      volunteer_locations        integer NOT NULL DEFAULT 0,
      volunteer_location_points  integer NOT NULL DEFAULT 0,
      active_days                integer NOT NULL DEFAULT 0,
      active_day_points          integer NOT NULL DEFAULT 0,
      referral_active_days       integer NOT NULL DEFAULT 0,
      referral_active_day_points integer NOT NULL DEFAULT 0,
      -- When the total last changed: within a tie, who got there first ranks first.
      reached_at                 timestamptz NOT NULL DEFAULT now(),
      -- Copies of the profile for the ranking's indexes (lower-cased, trimmed).
      city_key                   text,
      state_key                  text,
      -- The India date from which others see this user (the 18th birthday); NULL: not now
      -- (switched off, or no name or date of birth yet).
      listed_from                date
    );
    -- A page of a scope reads one of these in ranking order. The city scope names the state
    -- too (two towns may share a name), so its index holds state_key.
    CREATE INDEX user_scores_country_idx ON user_scores (total DESC, reached_at, user_id) INCLUDE (listed_from);
    CREATE INDEX user_scores_state_idx ON user_scores (state_key, total DESC, reached_at, user_id) INCLUDE (listed_from);
    CREATE INDEX user_scores_city_idx ON user_scores (city_key, total DESC, reached_at, user_id) INCLUDE (state_key, listed_from);
    -- Those listed only from a later day (under 18 today): the ranks subtract them from the tallies.
    CREATE INDEX user_scores_listed_from_idx ON user_scores (listed_from) INCLUDE (total, state_key, city_key);

    -- How many users may be listed (listed_from set) at each total, per scope: 'country',
    -- 'state:<state>' and 'city:<state>|<city>'. A rank is 1 + the users above, read from a
    -- few hundred tally rows instead of counting every one of them (a million in India).
    -- Each total is split over 8 shards (user_id % 8) so that many users earning a point at
    -- once do not queue on one row. Kept by the triggers below, whoever writes user_scores.
    CREATE TABLE leaderboard_tallies (
      scope text NOT NULL,
      total integer NOT NULL,
      shard smallint NOT NULL,
      users integer NOT NULL,
      PRIMARY KEY (scope, total, shard)
    );

    CREATE FUNCTION leaderboard_tally_move(s user_scores, delta integer) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF s.listed_from IS NULL THEN
        RETURN;
      END IF;
      INSERT INTO leaderboard_tallies AS t (scope, total, shard, users)
      SELECT scope, s.total, s.user_id % 8, delta
      FROM unnest(ARRAY['country', 'state:' || s.state_key, 'city:' || coalesce(s.state_key, '') || '|' || s.city_key]) AS scope
      WHERE scope IS NOT NULL
      ON CONFLICT (scope, total, shard) DO UPDATE SET users = t.users + excluded.users;
    END;
    $$;

    CREATE FUNCTION leaderboard_tally() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM leaderboard_tally_move(OLD, -1);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM leaderboard_tally_move(NEW, 1);
      END IF;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER leaderboard_tally_insert_delete AFTER INSERT OR DELETE ON user_scores
      FOR EACH ROW EXECUTE FUNCTION leaderboard_tally();
    CREATE TRIGGER leaderboard_tally_update AFTER UPDATE ON user_scores
      FOR EACH ROW
      WHEN (OLD.total IS DISTINCT FROM NEW.total OR OLD.city_key IS DISTINCT FROM NEW.city_key
        OR OLD.state_key IS DISTINCT FROM NEW.state_key OR OLD.listed_from IS DISTINCT FROM NEW.listed_from)
      EXECUTE FUNCTION leaderboard_tally();
  `,
    )
    .execute(db);
}
