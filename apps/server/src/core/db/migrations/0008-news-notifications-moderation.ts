import { sql, type Kysely } from 'kysely';

/** News articles, in-app notifications, and reports of content for moderators. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE news_articles (
      id            serial PRIMARY KEY,
      title         text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
      summary       text CHECK (char_length(summary) <= 500),
      content       text NOT NULL,
      author        text NOT NULL DEFAULT '' CHECK (char_length(author) <= 100),
      thumbnail_url text,
      image_url     text,
      -- Matches users.news_language ('en', 'hi', 'gu').
      language      text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi', 'gu')),
      category      text NOT NULL DEFAULT 'general' CHECK (category ~ '^[a-z][a-z0-9_-]{0,39}$'),
      status        text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
      published_at  timestamptz NOT NULL DEFAULT now(),
      created_by    integer REFERENCES users(id) ON DELETE SET NULL,
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX news_articles_feed_idx ON news_articles (language, published_at DESC, id DESC) WHERE status = 'published';
    CREATE INDEX news_articles_category_idx ON news_articles (category, published_at DESC, id DESC) WHERE status = 'published';
    CREATE INDEX news_articles_created_by_idx ON news_articles (created_by);

    -- Every notification is a row first (the /notifications list), then pushed.
    CREATE TABLE notifications (
      id           serial PRIMARY KEY,
      user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- e.g. 'sos.alert', 'sos.accepted', 'post.like', 'post.comment', 'order.placed'.
      type         text NOT NULL CHECK (type ~ '^[a-z][a-z0-9_.]{1,49}$'),
      title        text NOT NULL CHECK (char_length(title) <= 200),
      body         text NOT NULL DEFAULT '' CHECK (char_length(body) <= 1000),
      data         jsonb NOT NULL DEFAULT '{}',
      sos_event_id integer REFERENCES sos_events(id) ON DELETE CASCADE,
      post_id      integer REFERENCES posts(id) ON DELETE CASCADE,
      -- Who caused it (liker, commenter, volunteer), if anyone.
      actor_id     integer REFERENCES users(id) ON DELETE SET NULL,
      read_at      timestamptz,
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
    CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
    -- The post-notifications screen lists a user's community notifications.
    CREATE INDEX notifications_user_post_idx ON notifications (user_id, created_at DESC) WHERE post_id IS NOT NULL;
    CREATE INDEX notifications_sos_event_idx ON notifications (sos_event_id);
    CREATE INDEX notifications_post_idx ON notifications (post_id);
    CREATE INDEX notifications_actor_idx ON notifications (actor_id);

    -- Reports of posts, comments, reels or users; exactly one target per row, one report
    -- per reporter per target.
    CREATE TABLE content_reports (
      id                  serial PRIMARY KEY,
      reporter_id         integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      post_id             integer REFERENCES posts(id) ON DELETE CASCADE,
      post_comment_id     integer REFERENCES post_comments(id) ON DELETE CASCADE,
      incident_id         integer REFERENCES incidents(id) ON DELETE CASCADE,
      incident_comment_id integer REFERENCES incident_comments(id) ON DELETE CASCADE,
      reported_user_id    integer REFERENCES users(id) ON DELETE CASCADE,
      reason              text NOT NULL CHECK (reason IN
                            ('spam', 'abuse', 'harassment', 'hate', 'violence', 'nudity', 'misinformation', 'scam', 'privacy', 'other')),
      details             text CHECK (char_length(details) <= 1000),
      status              text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
      reviewed_by         integer REFERENCES users(id) ON DELETE SET NULL,
      reviewed_at         timestamptz,
      resolution_note     text CHECK (char_length(resolution_note) <= 1000),
      created_at          timestamptz NOT NULL DEFAULT now(),
      CHECK (num_nonnulls(post_id, post_comment_id, incident_id, incident_comment_id, reported_user_id) = 1),
      CHECK ((status = 'open') = (reviewed_at IS NULL))
    );
    CREATE UNIQUE INDEX content_reports_post_uniq ON content_reports (reporter_id, post_id) WHERE post_id IS NOT NULL;
    CREATE UNIQUE INDEX content_reports_post_comment_uniq ON content_reports (reporter_id, post_comment_id) WHERE post_comment_id IS NOT NULL;
    CREATE UNIQUE INDEX content_reports_incident_uniq ON content_reports (reporter_id, incident_id) WHERE incident_id IS NOT NULL;
    CREATE UNIQUE INDEX content_reports_incident_comment_uniq ON content_reports (reporter_id, incident_comment_id) WHERE incident_comment_id IS NOT NULL;
    CREATE UNIQUE INDEX content_reports_user_uniq ON content_reports (reporter_id, reported_user_id) WHERE reported_user_id IS NOT NULL;
    CREATE INDEX content_reports_post_idx ON content_reports (post_id);
    CREATE INDEX content_reports_post_comment_idx ON content_reports (post_comment_id);
    CREATE INDEX content_reports_incident_idx ON content_reports (incident_id);
    CREATE INDEX content_reports_incident_comment_idx ON content_reports (incident_comment_id);
    CREATE INDEX content_reports_reported_user_idx ON content_reports (reported_user_id);
    CREATE INDEX content_reports_reviewed_by_idx ON content_reports (reviewed_by);
    -- Moderation queue, oldest first.
    CREATE INDEX content_reports_open_idx ON content_reports (created_at) WHERE status = 'open';
  `,
    )
    .execute(db);
}
