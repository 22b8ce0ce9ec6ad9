import { sql, type Kysely } from 'kysely';

/**
 * The moderation desk (`/community-feeds/manage`): a moderator's decisions on reported posts,
 * comments and reels, the author's one appeal of each, and posting suspensions. Reports take
 * the reasons of India's IT Rules 2021 grievance categories; the earlier reasons stay allowed
 * so rows written before keep their meaning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE content_reports DROP CONSTRAINT content_reports_reason_check;
    ALTER TABLE content_reports ADD CONSTRAINT content_reports_reason_check CHECK (reason IN
      ('spam', 'harassment', 'hate', 'violence', 'sexual_content', 'intimate_image', 'misinformation', 'private_information', 'other',
       'abuse', 'nudity', 'scam', 'privacy'));
    -- The queue reads open reports per target; intimate-image reports jump to the top.
    CREATE INDEX content_reports_post_comment_open_idx ON content_reports (post_comment_id)
      WHERE post_comment_id IS NOT NULL AND status = 'open';
    CREATE INDEX content_reports_post_open_idx ON content_reports (post_id) WHERE post_id IS NOT NULL AND status = 'open';

    -- A removed comment stays so an appeal can bring it back; readers never see it.
    ALTER TABLE post_comments ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'removed'));

    CREATE TABLE moderation_decisions (
      id             serial PRIMARY KEY,
      target_type    text NOT NULL CHECK (target_type IN ('post', 'comment', 'reel')),
      target_id      integer NOT NULL,
      author_id      integer REFERENCES users(id) ON DELETE CASCADE,
      moderator_id   integer REFERENCES users(id) ON DELETE SET NULL,
      action         text NOT NULL CHECK (action IN ('restore', 'remove', 'warn', 'suspend')),
      reason         text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
      suspend_days   integer CHECK (suspend_days BETWEEN 1 AND 365),
      created_at     timestamptz NOT NULL DEFAULT now(),
      CHECK ((action = 'suspend') = (suspend_days IS NOT NULL))
    );
    -- The author's history on the queue and their own list.
    CREATE INDEX moderation_decisions_author_idx ON moderation_decisions (author_id, created_at DESC);
    CREATE INDEX moderation_decisions_target_idx ON moderation_decisions (target_type, target_id);
    CREATE INDEX moderation_decisions_moderator_idx ON moderation_decisions (moderator_id);

    CREATE TABLE moderation_appeals (
      id             serial PRIMARY KEY,
      -- One appeal per decision.
      decision_id    integer NOT NULL UNIQUE REFERENCES moderation_decisions(id) ON DELETE CASCADE,
      author_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text           text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 1000),
      status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'overturned')),
      decided_by     integer REFERENCES users(id) ON DELETE SET NULL,
      decided_at     timestamptz,
      decision_reason text CHECK (char_length(decision_reason) <= 500),
      created_at     timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'open') = (decided_at IS NULL))
    );
    CREATE INDEX moderation_appeals_open_idx ON moderation_appeals (created_at) WHERE status = 'open';
    CREATE INDEX moderation_appeals_author_idx ON moderation_appeals (author_id);
    CREATE INDEX moderation_appeals_decided_by_idx ON moderation_appeals (decided_by);

    CREATE TABLE moderation_suspensions (
      id           serial PRIMARY KEY,
      user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      decision_id  integer NOT NULL UNIQUE REFERENCES moderation_decisions(id) ON DELETE CASCADE,
      ends_at      timestamptz NOT NULL,
      -- Set when an appeal overturns the decision.
      lifted_at    timestamptz,
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    -- "Is this author suspended now?" on every post and comment.
    CREATE INDEX moderation_suspensions_user_idx ON moderation_suspensions (user_id, ends_at DESC) WHERE lifted_at IS NULL;
  `,
    )
    .execute(db);
}
