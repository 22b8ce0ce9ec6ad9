import { sql, type Kysely } from 'kysely';

/**
 * The ranked community feed (docs/community-feed-ranking.md) reads "posts of the last W hours
 * near the reader". A GiST index answers "near" and a B-tree "recent", but PostgreSQL can only
 * AND their bitmaps, which costs a pass over every post of a big city. `feed_cell` is the
 * post's 0.5° × 0.5° grid cell (about 55 km), so one B-tree (feed_cell, created_at DESC) walks
 * just the recent posts of the few cells that cover the reader's radius; ST_DWithin then
 * keeps the exact circle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    -- Row index (latitude) * 1000 + column index (longitude), both counted from -90 / -180.
    ALTER TABLE posts ADD COLUMN feed_cell integer GENERATED ALWAYS AS (
      CASE WHEN location IS NULL THEN NULL
      ELSE floor((ST_Y(location::geometry) + 90) / 0.5)::integer * 1000
         + floor((ST_X(location::geometry) + 180) / 0.5)::integer
      END) STORED;
    CREATE INDEX posts_cell_recent_idx ON posts (feed_cell, created_at DESC) WHERE status = 'active';
  `,
    )
    .execute(db);
}
