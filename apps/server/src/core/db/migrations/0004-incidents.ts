import { sql, type Kysely } from 'kysely';

/** Incident reels (SPEC.md section 3 "Reel/incident") with likes, comments and shares. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE incidents (
      id              serial PRIMARY KEY,
      uploader_id     integer REFERENCES users(id) ON DELETE CASCADE,
      title           text NOT NULL DEFAULT '' CHECK (char_length(title) <= 100),
      description     text NOT NULL DEFAULT '' CHECK (char_length(description) <= 1000),
      video_url       text NOT NULL CHECK (char_length(video_url) BETWEEN 1 AND 2048),
      -- 'normal' is a direct video file; 'youtube' a hosted-video link or 11-character id.
      video_source    text NOT NULL DEFAULT 'normal' CHECK (video_source IN ('normal', 'youtube')),
      media_object_id integer REFERENCES media_objects(id) ON DELETE SET NULL,
      thumbnail_url   text,
      location        geography(Point, 4326),
      duration_ms     integer CHECK (duration_ms >= 0),
      status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden', 'removed')),
      -- Maintained by triggers on the child tables; never written by the application.
      likes_count     integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      comments_count  integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
      shares_count    integer NOT NULL DEFAULT 0 CHECK (shares_count >= 0),
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now()
    );
    -- Reels feed: newest first, keyset (created_at, id).
    CREATE INDEX incidents_feed_idx ON incidents (created_at DESC, id DESC) WHERE status = 'active';
    CREATE INDEX incidents_uploader_idx ON incidents (uploader_id, created_at DESC);
    CREATE INDEX incidents_media_object_idx ON incidents (media_object_id);
    CREATE INDEX incidents_location_gix ON incidents USING gist (location);

    CREATE TABLE incident_likes (
      incident_id integer NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
      user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (incident_id, user_id)
    );
    CREATE INDEX incident_likes_user_idx ON incident_likes (user_id);

    CREATE TABLE incident_comments (
      id           serial PRIMARY KEY,
      incident_id  integer NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
      user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      comment_text text NOT NULL CHECK (char_length(btrim(comment_text)) BETWEEN 1 AND 500),
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX incident_comments_incident_idx ON incident_comments (incident_id, created_at DESC, id DESC);
    CREATE INDEX incident_comments_user_idx ON incident_comments (user_id);

    CREATE TABLE incident_shares (
      id          serial PRIMARY KEY,
      incident_id integer NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
      user_id     integer REFERENCES users(id) ON DELETE SET NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX incident_shares_incident_idx ON incident_shares (incident_id);
    CREATE INDEX incident_shares_user_idx ON incident_shares (user_id);

    CREATE TRIGGER incident_likes_count AFTER INSERT OR DELETE ON incident_likes
      FOR EACH ROW EXECUTE FUNCTION maintain_child_count('incidents', 'incident_id', 'likes_count');
    CREATE TRIGGER incident_comments_count AFTER INSERT OR DELETE ON incident_comments
      FOR EACH ROW EXECUTE FUNCTION maintain_child_count('incidents', 'incident_id', 'comments_count');
    CREATE TRIGGER incident_shares_count AFTER INSERT OR DELETE ON incident_shares
      FOR EACH ROW EXECUTE FUNCTION maintain_child_count('incidents', 'incident_id', 'shares_count');
  `,
    )
    .execute(db);
}
