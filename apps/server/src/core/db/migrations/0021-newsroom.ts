import { sql, type Kysely } from 'kysely';

/**
 * The newsroom (docs/newsroom.md). It replaces 0008's `news_articles`, which held only the
 * demo seed's ten English rows and which nothing but the seed read.
 *
 * - news_articles: one row per article (state, slug, category, tags, breaking, author, image).
 * - news_translations: one row per language version, with the Markdown and the sanitised HTML
 *   rendered when it was saved. It carries copies of the article's state, published_at,
 *   category and breaking, kept equal by triggers, so the readers' list is one index range
 *   per language: (language[, category], published_at DESC, article_id DESC).
 * - news_article_versions: a full JSON snapshot per save, numbered per article.
 * - news_slugs: every slug an article ever had (current and old), so an old link redirects
 *   and no slug is ever handed to another article.
 * - news_images: uploaded pictures (article size and thumbnail).
 * - news_breaking_pushes: who got which breaking article, on which India day (the cap).
 *
 * Times are timestamptz(3): milliseconds, like JavaScript dates, so a list cursor made from a
 * Date names exactly the row it came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    DROP TABLE news_articles;

    ALTER TABLE users ADD COLUMN breaking_news_alerts boolean NOT NULL DEFAULT false;
    -- Breaking news goes to the few who opted in; found without reading every user.
    CREATE INDEX users_breaking_news_idx ON users (id) WHERE breaking_news_alerts;

    CREATE TABLE news_images (
      id            serial PRIMARY KEY,
      image_key     text NOT NULL,
      image_url     text NOT NULL,
      thumbnail_key text NOT NULL,
      thumbnail_url text NOT NULL,
      width         integer NOT NULL CHECK (width > 0),
      height        integer NOT NULL CHECK (height > 0),
      uploaded_by   integer REFERENCES users(id) ON DELETE SET NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX news_images_uploaded_by_idx ON news_images (uploaded_by);

    CREATE TABLE news_articles (
      id                 serial PRIMARY KEY,
      slug               text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) BETWEEN 3 AND 80),
      state              text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'published', 'unpublished')),
      -- When a scheduled article goes out (kept after it went out, for the desk).
      publish_at         timestamptz(3),
      -- When it became (or becomes, if scheduled) public; readers see it once this has passed.
      published_at       timestamptz(3),
      -- Set once it has been public: such an article can no longer be deleted.
      first_published_at timestamptz(3),
      category           text NOT NULL CHECK (category ~ '^[a-z]{1,40}$'),
      tags               text[] NOT NULL DEFAULT '{}',
      breaking           boolean NOT NULL DEFAULT false,
      author             text NOT NULL CHECK (char_length(author) BETWEEN 1 AND 100),
      image_id           integer REFERENCES news_images(id) ON DELETE SET NULL,
      -- The languages of its versions, in en, hi, gu order.
      languages          text[] NOT NULL CHECK (cardinality(languages) >= 1),
      version            integer NOT NULL DEFAULT 1,
      created_by         integer REFERENCES users(id) ON DELETE SET NULL,
      updated_by         integer REFERENCES users(id) ON DELETE SET NULL,
      created_at         timestamptz(3) NOT NULL DEFAULT now(),
      updated_at         timestamptz(3) NOT NULL DEFAULT now(),
      CHECK (state NOT IN ('scheduled', 'published') OR published_at IS NOT NULL),
      CHECK (state <> 'scheduled' OR publish_at IS NOT NULL)
    );
    -- The desk's list, newest change first, all or by state.
    CREATE INDEX news_articles_updated_idx ON news_articles (updated_at DESC, id DESC);
    CREATE INDEX news_articles_state_updated_idx ON news_articles (state, updated_at DESC, id DESC);
    CREATE INDEX news_articles_image_idx ON news_articles (image_id);
    CREATE INDEX news_articles_created_by_idx ON news_articles (created_by);
    CREATE INDEX news_articles_updated_by_idx ON news_articles (updated_by);

    CREATE TABLE news_translations (
      article_id   integer NOT NULL REFERENCES news_articles(id) ON DELETE CASCADE,
      language     text NOT NULL CHECK (language IN ('en', 'hi', 'gu')),
      title        text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
      summary      text NOT NULL DEFAULT '' CHECK (char_length(summary) <= 500),
      -- Markdown as the editor wrote it, and the sanitised HTML rendered from it on save.
      body         text NOT NULL CHECK (char_length(body) <= 50000),
      body_html    text NOT NULL,
      -- Copies of the article's columns (triggers below), so the list reads one index.
      state        text NOT NULL DEFAULT 'draft',
      published_at timestamptz(3),
      category     text NOT NULL DEFAULT '',
      breaking     boolean NOT NULL DEFAULT false,
      PRIMARY KEY (article_id, language)
    );
    -- Readers' list: published (or scheduled and due), per language, newest first, keyset (published_at, article_id).
    CREATE INDEX news_translations_list_idx ON news_translations (language, published_at DESC, article_id DESC)
      WHERE state IN ('published', 'scheduled');
    CREATE INDEX news_translations_category_idx ON news_translations (language, category, published_at DESC, article_id DESC)
      WHERE state IN ('published', 'scheduled');
    CREATE INDEX news_translations_breaking_idx ON news_translations (language, published_at DESC, article_id DESC)
      WHERE state IN ('published', 'scheduled') AND breaking;

    CREATE FUNCTION news_translations_copy_listing() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT a.state, a.published_at, a.category, a.breaking
        INTO NEW.state, NEW.published_at, NEW.category, NEW.breaking
        FROM news_articles a WHERE a.id = NEW.article_id;
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER news_translations_listing BEFORE INSERT OR UPDATE ON news_translations
      FOR EACH ROW EXECUTE FUNCTION news_translations_copy_listing();

    CREATE FUNCTION news_articles_push_listing() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE news_translations
         SET state = NEW.state, published_at = NEW.published_at, category = NEW.category, breaking = NEW.breaking
       WHERE article_id = NEW.id;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER news_articles_listing AFTER UPDATE OF state, published_at, category, breaking ON news_articles
      FOR EACH ROW
      WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.published_at IS DISTINCT FROM NEW.published_at
            OR OLD.category IS DISTINCT FROM NEW.category OR OLD.breaking IS DISTINCT FROM NEW.breaking)
      EXECUTE FUNCTION news_articles_push_listing();

    CREATE TABLE news_article_versions (
      article_id integer NOT NULL REFERENCES news_articles(id) ON DELETE CASCADE,
      version    integer NOT NULL CHECK (version >= 1),
      change     text NOT NULL CHECK (change IN ('created', 'edited', 'published', 'scheduled', 'unpublished', 'restored')),
      state      text NOT NULL CHECK (state IN ('draft', 'scheduled', 'published', 'unpublished')),
      -- The whole article as the desk saw it after this save (every language, Markdown and HTML).
      snapshot   jsonb NOT NULL,
      saved_by   integer REFERENCES users(id) ON DELETE SET NULL,
      saved_at   timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (article_id, version)
    );
    CREATE INDEX news_article_versions_saved_by_idx ON news_article_versions (saved_by);

    -- Every slug an article has had; the current one is news_articles.slug, the others redirect.
    CREATE TABLE news_slugs (
      slug       text PRIMARY KEY,
      article_id integer NOT NULL REFERENCES news_articles(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX news_slugs_article_idx ON news_slugs (article_id);

    -- One row per (article, user) ever pushed: the same article never reaches anyone twice,
    -- and the rows of a user's India day count towards the daily cap.
    CREATE TABLE news_breaking_pushes (
      article_id   integer NOT NULL REFERENCES news_articles(id) ON DELETE CASCADE,
      user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      india_day    date NOT NULL,
      delivered_at timestamptz,
      created_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (article_id, user_id)
    );
    CREATE INDEX news_breaking_pushes_user_day_idx ON news_breaking_pushes (user_id, india_day);
  `,
    )
    .execute(db);
}
