import { sql, type Kysely } from 'kysely';

/** Community posts (SPEC.md section 3) with media, likes, comments and shares. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    -- Full-text search document of a post. The 'simple' configuration neither stems nor drops
    -- stop words, so Hindi and Gujarati words are indexed as written, like English ones.
    -- Declared IMMUTABLE (array_to_string is only STABLE in general, but not for text[]) so a
    -- generated column can use it.
    CREATE FUNCTION post_search_document(title text, description text, tags text[], user_name text, business_category text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
          || setweight(to_tsvector('simple'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'A')
          || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'B')
          || setweight(to_tsvector('simple'::regconfig,
               coalesce(user_name, '') || ' ' || coalesce(replace(business_category, '_', ' '), '')), 'C')
    $fn$;

    CREATE TABLE posts (
      id                serial PRIMARY KEY,
      user_id           integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- The business name when posted as a business, else the author's name (SPEC.md).
      user_name         text NOT NULL CHECK (char_length(user_name) <= 100),
      title             text NOT NULL DEFAULT '' CHECK (char_length(title) <= 50),
      description       text NOT NULL DEFAULT '' CHECK (char_length(description) <= 1000),
      post_type         text NOT NULL DEFAULT 'community' CHECK (post_type IN ('community')),
      status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden', 'removed')),
      priority          text NOT NULL DEFAULT 'regular' CHECK (priority IN ('high', 'medium', 'regular', 'low')),
      location          geography(Point, 4326),
      show_location     boolean NOT NULL DEFAULT false,
      tags              text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 20),
      is_business_post  boolean NOT NULL DEFAULT false,
      business_category text,
      -- Phone numbers are shown to others only as a business's WhatsApp on its own posts.
      whatsapp_number   text CHECK (whatsapp_number ~ '^[6-9][0-9]{9}$'),
      delivery_range_m  integer CHECK (delivery_range_m BETWEEN 1 AND 1000000),
      video_url         text CHECK (char_length(video_url) <= 2048),
      -- Maintained by triggers on the child tables; never written by the application.
      likes_count       integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      comments_count    integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
      shares_count      integer NOT NULL DEFAULT 0 CHECK (shares_count >= 0),
      search_vector     tsvector GENERATED ALWAYS AS
                          (post_search_document(title, description, tags, user_name, business_category)) STORED,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now(),
      CHECK (NOT is_business_post OR business_category IS NOT NULL),
      CHECK (is_business_post OR (business_category IS NULL AND whatsapp_number IS NULL))
    );
    -- Feeds are newest first with keyset paging on (created_at, id).
    CREATE INDEX posts_feed_idx ON posts (created_at DESC, id DESC) WHERE status = 'active';
    CREATE INDEX posts_business_feed_idx ON posts (business_category, created_at DESC, id DESC)
      WHERE status = 'active' AND is_business_post;
    CREATE INDEX posts_user_idx ON posts (user_id, created_at DESC, id DESC);
    CREATE INDEX posts_location_gix ON posts USING gist (location);
    CREATE INDEX posts_search_gin ON posts USING gin (search_vector);
    CREATE INDEX posts_tags_gin ON posts USING gin (tags);

    CREATE TABLE post_media (
      id              serial PRIMARY KEY,
      post_id         integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      media_object_id integer REFERENCES media_objects(id) ON DELETE SET NULL,
      url             text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
      thumbnail_url   text,
      content_type    text NOT NULL DEFAULT 'image/jpeg',
      width           integer CHECK (width > 0),
      height          integer CHECK (height > 0),
      position        smallint NOT NULL CHECK (position BETWEEN 0 AND 3),
      created_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (post_id, position)
    );
    CREATE INDEX post_media_media_object_idx ON post_media (media_object_id);

    CREATE TABLE post_likes (
      id         serial PRIMARY KEY,
      post_id    integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (post_id, user_id)
    );
    -- "Liked by" list, newest first.
    CREATE INDEX post_likes_post_idx ON post_likes (post_id, created_at DESC, id DESC);
    CREATE INDEX post_likes_user_idx ON post_likes (user_id);

    CREATE TABLE post_comments (
      id         serial PRIMARY KEY,
      post_id    integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      content    text NOT NULL CHECK (char_length(btrim(content)) BETWEEN 1 AND 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX post_comments_post_idx ON post_comments (post_id, created_at DESC, id DESC);
    CREATE INDEX post_comments_user_idx ON post_comments (user_id);

    CREATE TABLE post_shares (
      id         serial PRIMARY KEY,
      post_id    integer NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      user_id    integer REFERENCES users(id) ON DELETE SET NULL,
      channel    text CHECK (channel IN ('native', 'link', 'whatsapp')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX post_shares_post_idx ON post_shares (post_id);
    CREATE INDEX post_shares_user_idx ON post_shares (user_id);

    CREATE TRIGGER post_likes_count AFTER INSERT OR DELETE ON post_likes
      FOR EACH ROW EXECUTE FUNCTION maintain_child_count('posts', 'post_id', 'likes_count');
    CREATE TRIGGER post_comments_count AFTER INSERT OR DELETE ON post_comments
      FOR EACH ROW EXECUTE FUNCTION maintain_child_count('posts', 'post_id', 'comments_count');
    CREATE TRIGGER post_shares_count AFTER INSERT OR DELETE ON post_shares
      FOR EACH ROW EXECUTE FUNCTION maintain_child_count('posts', 'post_id', 'shares_count');
  `,
    )
    .execute(db);
}
