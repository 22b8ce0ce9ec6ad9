import { sql, type Kysely } from 'kysely';

/**
 * The astrology assistant (issue #18). A user keeps several birth charts (self, family), each
 * private to them: the birth details as entered, the zone used, and the computed chart
 * (positions, lagna, houses) as JSON, so a list reads without recomputing. Questions asked are
 * counted per user for the hourly limit; their text is not kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE astro_charts (
      id          serial PRIMARY KEY,
      user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
      birth_date  text NOT NULL CHECK (birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      birth_time  text CHECK (birth_time ~ '^[0-9]{2}:[0-9]{2}(:[0-9]{2})?$'),
      place_name  text NOT NULL CHECK (char_length(place_name) BETWEEN 1 AND 120),
      latitude    double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
      longitude   double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
      time_zone   text NOT NULL,
      chart       jsonb NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    -- "My charts", newest first.
    CREATE INDEX astro_charts_user_idx ON astro_charts (user_id, id DESC);

    CREATE TABLE astro_questions (
      id       bigserial PRIMARY KEY,
      user_id  integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      asked_at timestamptz NOT NULL DEFAULT now()
    );
    -- The last hour's questions of one user.
    CREATE INDEX astro_questions_user_idx ON astro_questions (user_id, asked_at);
  `,
    )
    .execute(db);
}
