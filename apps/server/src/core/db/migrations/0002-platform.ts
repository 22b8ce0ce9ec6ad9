import { sql, type Kysely } from 'kysely';

/**
 * Cross-cutting tables: settings and feature flags, uploaded media objects, and the
 * transactional outbox that carries work which must survive a crash (SOS fan-out, SMS).
 * Also the counter trigger used by later migrations to keep denormalised counts exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    -- Feature flags and app-wide settings, editable at run time (key -> JSON value).
    CREATE TABLE app_settings (
      key         text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_.-]{1,99}$'),
      value       jsonb NOT NULL,
      description text,
      updated_by  integer REFERENCES users(id) ON DELETE SET NULL,
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX app_settings_updated_by_idx ON app_settings (updated_by);
    INSERT INTO app_settings (key, value, description) VALUES
      ('feature.astro_ai', 'false', 'Offers the astrology assistant and the astroai landing app (SPEC.md section 2).')
    ON CONFLICT (key) DO NOTHING;

    -- Every stored file (local disk or S3). A row is written when an upload is granted
    -- ('pending') and becomes 'ready' once the bytes were checked.
    CREATE TABLE media_objects (
      id           serial PRIMARY KEY,
      key          text NOT NULL UNIQUE CHECK (char_length(key) BETWEEN 1 AND 512),
      owner_id     integer REFERENCES users(id) ON DELETE SET NULL,
      kind         text NOT NULL CHECK (kind IN ('reel', 'post_image', 'catalog_image', 'sos_evidence', 'profile_image', 'news_image', 'other')),
      content_type text NOT NULL,
      size_bytes   bigint CHECK (size_bytes >= 0),
      width        integer CHECK (width > 0),
      height       integer CHECK (height > 0),
      duration_ms  integer CHECK (duration_ms >= 0),
      sha256       text,
      status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'deleted')),
      created_at   timestamptz NOT NULL DEFAULT now(),
      uploaded_at  timestamptz
    );
    CREATE INDEX media_objects_owner_idx ON media_objects (owner_id, created_at DESC);
    -- Sweeps abandoned uploads.
    CREATE INDEX media_objects_pending_idx ON media_objects (created_at) WHERE status = 'pending';

    -- Transactional outbox: written in the same transaction as the event it announces,
    -- claimed by a worker with a lease (locked_until), retried with backoff (next_attempt_at).
    CREATE TABLE outbox (
      id              bigserial PRIMARY KEY,
      topic           text NOT NULL CHECK (topic ~ '^[a-z][a-z0-9_.-]{1,99}$'),
      payload         jsonb NOT NULL DEFAULT '{}',
      -- Lets a producer enqueue idempotently (e.g. 'sos:42:radius:2').
      dedupe_key      text UNIQUE,
      status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
      attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      max_attempts    integer NOT NULL DEFAULT 10 CHECK (max_attempts > 0),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until    timestamptz,
      locked_by       text,
      last_error      text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      delivered_at    timestamptz,
      CHECK ((status = 'delivered') = (delivered_at IS NOT NULL))
    );
    -- Due work: WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at, id.
    CREATE INDEX outbox_due_idx ON outbox (next_attempt_at, id) WHERE status = 'pending';
    CREATE INDEX outbox_topic_idx ON outbox (topic, created_at DESC);

    -- Keeps a parent's denormalised count in step with its child rows.
    -- Arguments: parent table, foreign-key column in the child, count column in the parent.
    CREATE FUNCTION maintain_child_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      parent_id integer;
      delta integer;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        parent_id := (to_jsonb(NEW) ->> TG_ARGV[1])::integer;
        delta := 1;
      ELSE
        parent_id := (to_jsonb(OLD) ->> TG_ARGV[1])::integer;
        delta := -1;
      END IF;
      IF parent_id IS NOT NULL THEN
        EXECUTE format('UPDATE %I SET %I = GREATEST(%I + $1, 0) WHERE id = $2', TG_ARGV[0], TG_ARGV[2], TG_ARGV[2])
          USING delta, parent_id;
      END IF;
      RETURN NULL;
    END;
    $fn$;
  `,
    )
    .execute(db);
}
