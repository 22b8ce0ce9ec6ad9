import { sql, type Kysely } from 'kysely';

/**
 * Daily interaction limits (SPEC.md section 3 "User interaction limits") and the activity
 * days the leaderboard scores. Default limits come from config; a row in
 * user_interaction_limits overrides them for one user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE user_interaction_limits (
      user_id             integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      daily_post_limit    integer CHECK (daily_post_limit >= 0),
      daily_like_limit    integer CHECK (daily_like_limit >= 0),
      daily_comment_limit integer CHECK (daily_comment_limit >= 0),
      note                text,
      updated_by          integer REFERENCES users(id) ON DELETE SET NULL,
      updated_at          timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_interaction_limits_updated_by_idx ON user_interaction_limits (updated_by);

    -- One row per user per India calendar date (Asia/Kolkata). The service increments a
    -- counter with a conditional upsert, so the limit check and the count are one statement.
    CREATE TABLE daily_usage (
      user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      usage_date     date NOT NULL,
      posts_count    integer NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
      likes_count    integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
      updated_at     timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, usage_date)
    );
    CREATE INDEX daily_usage_date_idx ON daily_usage (usage_date);

    -- Days on which a user used the app (India date); scores selfActivity and referralsActivity.
    CREATE TABLE user_activity_days (
      user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      activity_date date NOT NULL,
      PRIMARY KEY (user_id, activity_date)
    );
    CREATE INDEX user_activity_days_date_idx ON user_activity_days (activity_date);
  `,
    )
    .execute(db);
}
