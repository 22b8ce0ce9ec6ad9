import { sql, type Kysely } from 'kysely';

/**
 * Calm local alerts (features/alerts/README.md): incidents people report, the reports merged
 * into each, who opted in to which categories (and where they are, as a ~250 m cell only), and
 * one delivery row per incident and person, which is what keeps an incident from reaching anyone
 * twice and counts the daily push cap.
 *
 * An alert's point is its first report's, used for the radii and never sent to anyone; its cell
 * (volunteer_cell of migration 0012, ADR 0005) is what everyone sees and what nearby searches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE local_alerts (
      id                  serial PRIMARY KEY,
      category            text NOT NULL CHECK (category IN ('road_accident', 'fire', 'flooding', 'building_collapse',
                            'crowd_risk', 'outage', 'road_blocked', 'other_hazard')),
      status              text NOT NULL DEFAULT 'unverified'
                            CHECK (status IN ('unverified', 'verified', 'corroborated', 'resolved', 'expired')),
      location            geography(Point, 4326) NOT NULL,
      cell                geography(Point, 4326) GENERATED ALWAYS AS (volunteer_cell(location)) STORED,
      text                text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 280),
      -- Who opened it: may resolve it; never shown to anyone. The account's deletion keeps the alert.
      reporter_id         integer REFERENCES users(id) ON DELETE SET NULL,
      reel_id             integer REFERENCES incidents(id) ON DELETE SET NULL,
      -- Different people among its reports.
      reporters           integer NOT NULL DEFAULT 1 CHECK (reporters >= 1),
      verifier_role       text CHECK (verifier_role IN ('moderator', 'responder')),
      verifier_profession text,
      verified_by         integer REFERENCES users(id) ON DELETE SET NULL,
      verified_at         timestamptz,
      corroborated_at     timestamptz,
      -- Set once, in the transaction that writes the fan-out job: an incident is pushed once.
      pushed_at           timestamptz,
      resolved_at         timestamptz,
      resolved_by_role    text CHECK (resolved_by_role IN ('moderator', 'responder', 'reporter')),
      expires_at          timestamptz NOT NULL,
      created_at          timestamptz NOT NULL,
      last_report_at      timestamptz NOT NULL,
      CHECK ((status = 'verified') <= (verified_at IS NOT NULL)),
      CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))
    );
    -- Nearby lists search the cells of active alerts; a report looks for an incident to join by the point.
    CREATE INDEX local_alerts_active_cell_gix ON local_alerts USING gist (cell)
      WHERE status IN ('unverified', 'verified', 'corroborated');
    CREATE INDEX local_alerts_active_location_gix ON local_alerts USING gist (location)
      WHERE status IN ('unverified', 'verified', 'corroborated');
    CREATE INDEX local_alerts_reporter_idx ON local_alerts (reporter_id);
    CREATE INDEX local_alerts_verified_by_idx ON local_alerts (verified_by);
    CREATE INDEX local_alerts_reel_idx ON local_alerts (reel_id);

    CREATE TABLE local_alert_reports (
      id         serial PRIMARY KEY,
      alert_id   integer NOT NULL REFERENCES local_alerts(id) ON DELETE CASCADE,
      user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      location   geography(Point, 4326) NOT NULL,
      text       text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 280),
      reel_id    integer REFERENCES incidents(id) ON DELETE SET NULL,
      -- The India calendar day of the report: 5 a day per person.
      india_day  date NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX local_alert_reports_user_day_idx ON local_alert_reports (user_id, india_day);
    CREATE INDEX local_alert_reports_alert_idx ON local_alert_reports (alert_id, created_at);
    CREATE INDEX local_alert_reports_reel_idx ON local_alert_reports (reel_id);

    -- Opted-in categories (none by default) and the device position for alerts, kept as its cell.
    CREATE TABLE alert_settings (
      user_id       integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      categories    text[] NOT NULL DEFAULT '{}',
      location_cell geography(Point, 4326),
      location_at   timestamptz,
      updated_at    timestamptz NOT NULL
    );
    CREATE INDEX alert_settings_location_cell_gix ON alert_settings USING gist (location_cell) WHERE location_cell IS NOT NULL;

    -- One row per incident and person reached: pushed, or held in the notifications list
    -- (daily cap, night, or the alert ended before its push went out). A fan-out writes up to
    -- 100,000 of these in one statement, so they carry no foreign keys (checking each would cost
    -- more than the rest of the fan-out): the user ids come from rows that have theirs, alerts
    -- are never deleted, and a deleted account takes its rows with it by the trigger below.
    CREATE TABLE local_alert_deliveries (
      alert_id     integer NOT NULL,
      user_id      integer NOT NULL,
      india_day    date NOT NULL,
      pushed       boolean NOT NULL,
      held         text CHECK (held IN ('daily_cap', 'quiet_hours', 'ended')),
      -- From the alert's cell to the person's nearest place in range, for the text's distance band.
      distance_m   integer NOT NULL,
      created_at   timestamptz NOT NULL,
      -- When its push went out (the all-clear goes to these only).
      delivered_at timestamptz,
      PRIMARY KEY (alert_id, user_id),
      CHECK (pushed = (held IS NULL))
    );
    -- The daily cap counts a person's pushes of the India day; the account deletion finds their rows.
    CREATE INDEX local_alert_deliveries_user_day_idx ON local_alert_deliveries (user_id, india_day) INCLUDE (pushed);

    CREATE FUNCTION local_alert_deliveries_forget_user() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM local_alert_deliveries WHERE user_id = OLD.id;
      RETURN OLD;
    END
    $$;
    CREATE TRIGGER users_forget_local_alert_deliveries AFTER DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION local_alert_deliveries_forget_user();
  `,
    )
    .execute(db);
}
