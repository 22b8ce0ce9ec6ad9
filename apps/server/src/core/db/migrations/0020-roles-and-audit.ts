import { sql, type Kysely } from 'kysely';

/**
 * Roles and the audit log (docs/architecture.md, "Roles and the audit log").
 *
 * Every account holds `user`; `users.roles` lists only what an admin granted. The old single
 * `users.role` column ('user' | 'admin') becomes that list, so today's admins stay admins.
 *
 * audit_log records every management action, written in the same transaction as the action.
 * It is append-only for everyone, the app included: a row trigger refuses UPDATE and DELETE,
 * a statement trigger refuses TRUNCATE. actor_id has no foreign key, so deleting an account
 * never has to touch the log (the row keeps the id; the name is looked up while it exists).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE users ADD COLUMN roles text[] NOT NULL DEFAULT '{}'
      CHECK (roles <@ ARRAY['editor', 'moderator', 'admin']::text[]);
    UPDATE users SET roles = ARRAY['admin'] WHERE role = 'admin';
    ALTER TABLE users DROP COLUMN role;
    -- The last-admin rule locks every admin row; the few admins are found by this index.
    CREATE INDEX users_admins_idx ON users (id) WHERE 'admin' = ANY (roles);
    -- The admin screen finds users by the start of their name or phone number.
    CREATE INDEX users_name_prefix_idx ON users (lower(name) text_pattern_ops);
    CREATE INDEX users_phone_prefix_idx ON users (phone_number text_pattern_ops);

    CREATE TABLE audit_log (
      id          bigserial PRIMARY KEY,
      actor_id    integer NOT NULL,
      actor_roles text[] NOT NULL,
      action      text NOT NULL,
      target_type text NOT NULL,
      target_id   text NOT NULL,
      reason      text,
      before      jsonb,
      after       jsonb,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    -- The admin screen's filters, each read newest first.
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
    CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
    CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id DESC);

    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP;
    END;
    $$;
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
  `,
    )
    .execute(db);
}
