import { sql, type Kysely } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import { geoPoint } from '../../core/db/geo';
import { indiaDateTimeText } from '../../core/db/india-time';
import { hasRow } from '../../core/db/has-row';

/** The key of a post photo's thumbnail, stored next to it. */
export function thumbnailKeyOf(key: string): string {
  return key.replace(/(\.[a-z0-9]+)?$/i, '-thumb$1');
}

export interface Reader {
  /** null: a visitor who is not signed in (no reports of theirs, nothing liked). */
  userId: number | null;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export interface FeedFilter {
  prompt?: string | undefined;
  businessCategory?: string | undefined;
  authorId?: number | undefined;
  offset: number;
  limit: number;
  radiusM: number;
  now: Date;
}

/** A post as hydrated for the API, before the mapper shapes it. */
export interface PostRow {
  id: number;
  user_id: number;
  user_name: string;
  title: string;
  description: string;
  priority: 'high' | 'medium' | 'regular' | 'low';
  status: 'active' | 'hidden' | 'removed';
  video_url: string | null;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  is_business_post: boolean;
  business_category: string | null;
  whatsapp_number: string | null;
  tags: string[];
  show_location: boolean;
  delivery_range_m: number | null;
  created_at_text: string;
  lon: number | null;
  lat: number | null;
  km: number | null;
  author_name: string | null;
  author_avatar: string | null;
  profile_image: string | null;
  media: { url: string; thumb: string | null }[];
  liked: boolean;
  has_catalog: boolean;
}

export interface NewPost {
  userId: number;
  userName: string;
  title: string;
  description: string;
  longitude: number | null;
  latitude: number | null;
  showLocation: boolean;
  tags: string[];
  isBusinessPost: boolean;
  businessCategory: string | null;
  whatsappNumber: string | null;
  deliveryRangeM: number | null;
  media: { key: string; url: string; thumbnailKey: string; thumbnailUrl: string; width: number; height: number; sizeBytes: number }[];
}

/** Time windows the ranked feed tries in turn: a week, a month, six months, everything. */
const FEED_WINDOWS_HOURS = [168, 720, 4320, Number.POSITIVE_INFINITY];
const SEARCH_WINDOWS_HOURS = [720, Number.POSITIVE_INFINITY];

const CELL_DEGREES = 0.5;
const MAX_CELLS = 400;

/**
 * The grid cells (migration 0011's feed_cell) that cover a circle; undefined when there would
 * be too many to list (huge radii, the poles), where the GiST index alone is used.
 */
export function feedCells(latitude: number, longitude: number, radiusM: number): number[] | undefined {
  const dLat = radiusM / 110_574;
  const minLat = Math.max(-90, latitude - dLat);
  const maxLat = Math.min(90, latitude + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  if (widest >= 89) return undefined;
  const dLon = radiusM / (111_320 * Math.cos((widest * Math.PI) / 180));
  if (dLon >= 180) return undefined;
  const rows = [Math.floor((minLat + 90) / CELL_DEGREES), Math.floor((maxLat + 90) / CELL_DEGREES)] as const;
  const columnCount = 360 / CELL_DEGREES;
  const firstColumn = Math.floor((longitude - dLon + 180) / CELL_DEGREES);
  const lastColumn = Math.floor((longitude + dLon + 180) / CELL_DEGREES);
  const cells: number[] = [];
  for (let row = rows[0]; row <= rows[1]; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      // Wrap across the antimeridian.
      cells.push(row * 1000 + (((column % columnCount) + columnCount) % columnCount));
      if (cells.length > MAX_CELLS) return undefined;
    }
  }
  return cells;
}

/** Words of the search box, each matched as a prefix, all required ('simple' config: no stemming). */
export function searchQuery(prompt: string): string | undefined {
  const words = prompt
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** Posts: feed, single post, create, delete. The only SQL of posts (engagement SQL is in engagement.repository.ts). */
export function createPostsRepository(ref: DbRef) {
  return {
    /**
     * One feed page of ids, best first (docs/community-feed-ranking.md). With the reader's
     * point: posts within the radius (GiST posts_location_gix), ranked by score = age in hours
     * + 2 × km. Without it: newest first (posts_feed_idx). Hidden and removed posts and those
     * the reader reported never appear.
     *
     * A post older than W hours scores above W, so when the best `offset + limit` posts of the
     * last W hours all score ≤ W they are the exact answer: the query looks at a week first and
     * widens only when that week cannot fill the page (sparse areas, deep pages).
     */
    async feedIds(reader: Reader, filter: FeedFilter): Promise<number[]> {
      const db = ref.db;
      const hasPoint = reader.latitude !== undefined && reader.longitude !== undefined;
      const tsquery = filter.prompt ? searchQuery(filter.prompt) : undefined;
      if (filter.prompt && !tsquery) return [];
      const conditions = [sql`p.status = 'active'`];
      if (reader.userId !== null) {
        conditions.push(sql`NOT EXISTS (SELECT 1 FROM content_reports r WHERE r.post_id = p.id AND r.reporter_id = ${reader.userId})`);
      }
      if (tsquery) conditions.push(sql`p.search_vector @@ to_tsquery('simple', ${tsquery})`);
      if (filter.businessCategory) conditions.push(sql`p.is_business_post AND p.business_category = ${filter.businessCategory}`);
      if (filter.authorId !== undefined) conditions.push(sql`p.user_id = ${filter.authorId}`);
      if (!hasPoint || filter.authorId !== undefined) {
        const result = await sql<{ id: number }>`
          SELECT p.id FROM posts p
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY p.created_at DESC, p.id DESC
          LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
        return result.rows.map((r) => r.id);
      }
      const point = geoPoint({ latitude: reader.latitude as number, longitude: reader.longitude as number });
      const cells = feedCells(reader.latitude as number, reader.longitude as number, filter.radiusM);
      const wanted = filter.offset + filter.limit;
      // Keyword matches are sparser: a month of a common word fills a page; a rare word's
      // matches are few enough to rank all at once.
      const windows = tsquery ? SEARCH_WINDOWS_HOURS : FEED_WINDOWS_HOURS;
      for (const windowHours of windows) {
        const since = Number.isFinite(windowHours) ? [sql`p.created_at >= ${new Date(filter.now.getTime() - windowHours * 3_600_000)}::timestamptz`] : [];
        // Recent posts of the covering cells (posts_cell_recent_idx) are few: fetch them first
        // (MATERIALIZED keeps the plan serial and stops the planner from AND-ing the GiST bitmap
        // of the whole city), then measure on the sphere (0.3 % off the spheroid, much cheaper).
        // Without a time bound the GiST index (ST_DWithin) is the better path.
        const score = sql`extract(epoch FROM (${filter.now}::timestamptz - c.created_at))::float8 / 3600.0 + 2.0 * c.metres / 1000.0`;
        const candidates =
          cells && (since.length > 0 || tsquery)
            ? sql`SELECT p.id, p.created_at, p.location FROM posts p
                  WHERE ${sql.join([...conditions, sql`p.feed_cell IN (${sql.join(cells)})`, ...since], sql` AND `)}`
            : sql`SELECT p.id, p.created_at, p.location FROM posts p
                  WHERE ${sql.join([...conditions, sql`ST_DWithin(p.location, ${point}, ${filter.radiusM}::float8)`, ...since], sql` AND `)}`;
        const result = await sql<{ id: number; score: number }>`
          WITH candidates AS MATERIALIZED (${candidates}),
               c AS (SELECT id, created_at, ST_Distance(location, ${point}, false) AS metres FROM candidates)
          SELECT c.id, ${score} AS score FROM c
          WHERE c.metres <= ${filter.radiusM}::float8
          ORDER BY score ASC, c.id DESC
          LIMIT ${wanted}`.execute(db);
        const last = result.rows[result.rows.length - 1];
        const exact = !Number.isFinite(windowHours) || (result.rows.length === wanted && last !== undefined && Number(last.score) <= windowHours);
        if (exact) return result.rows.slice(filter.offset).map((r) => r.id);
      }
      return [];
    },

    /** Full rows for the given ids (a page at most), in the order given. */
    async hydrate(ids: number[], reader: Reader, db: Kysely<Database> = ref.db): Promise<PostRow[]> {
      if (ids.length === 0) return [];
      const hasPoint = reader.latitude !== undefined && reader.longitude !== undefined;
      const liked = reader.userId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${reader.userId})`;
      const km = hasPoint
        ? sql`ST_Distance(p.location, ${geoPoint({ latitude: reader.latitude as number, longitude: reader.longitude as number })}) / 1000.0`
        : sql`NULL::float8`;
      const result = await sql<PostRow>`
        SELECT p.id, p.user_id, p.user_name, p.title, p.description, p.priority, p.status, p.video_url,
               p.likes_count, p.comments_count, p.shares_count, p.is_business_post, p.business_category,
               p.whatsapp_number, p.tags, p.show_location, p.delivery_range_m,
               ${indiaDateTimeText('p.created_at')} AS created_at_text,
               ST_X(p.location::geometry) AS lon, ST_Y(p.location::geometry) AS lat, ${km} AS km,
               u.name AS author_name, u.avatar AS author_avatar, u.profile_image,
               coalesce((SELECT json_agg(json_build_object('url', m.url, 'thumb', m.thumbnail_url) ORDER BY m.position)
                         FROM post_media m WHERE m.post_id = p.id), '[]'::json) AS media,
               ${liked} AS liked,
               (p.is_business_post AND EXISTS (SELECT 1 FROM catalog_items ci WHERE ci.catalog_user_id = p.user_id)) AS has_catalog
        FROM posts p JOIN users u ON u.id = p.user_id
        WHERE p.id IN (${sql.join(ids)})`.execute(db);
      const byId = new Map(result.rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
    },

    /** Whether the reader reported this post (it stays hidden for them). */
    async reportedBy(postId: number, userId: number): Promise<boolean> {
      return hasRow(ref.db.selectFrom('content_reports').select('id').where('post_id', '=', postId).where('reporter_id', '=', userId));
    },

    async ownerOf(postId: number): Promise<{ userId: number; status: string } | undefined> {
      const row = await ref.db.selectFrom('posts').select(['user_id', 'status']).where('id', '=', postId).executeTakeFirst();
      return row ? { userId: row.user_id, status: row.status } : undefined;
    },

    /** Inserts the post and its media rows; `db` is the caller's transaction. */
    async insert(db: Kysely<Database>, post: NewPost): Promise<number> {
      const row = await db
        .insertInto('posts')
        .values({
          user_id: post.userId,
          user_name: post.userName,
          title: post.title,
          description: post.description,
          location: post.longitude !== null && post.latitude !== null ? geoPoint({ latitude: post.latitude, longitude: post.longitude }) : null,
          show_location: post.showLocation,
          tags: post.tags,
          is_business_post: post.isBusinessPost,
          business_category: post.businessCategory,
          whatsapp_number: post.whatsappNumber,
          delivery_range_m: post.deliveryRangeM,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, media] of post.media.entries()) {
        const objects = await db
          .insertInto('media_objects')
          .values([
            {
              key: media.key,
              owner_id: post.userId,
              kind: 'post_image',
              content_type: 'image/jpeg',
              size_bytes: media.sizeBytes,
              width: media.width,
              height: media.height,
              status: 'ready',
              uploaded_at: new Date(),
            },
            { key: media.thumbnailKey, owner_id: post.userId, kind: 'post_image', content_type: 'image/jpeg', status: 'ready', uploaded_at: new Date() },
          ])
          .returning('id')
          .execute();
        await db
          .insertInto('post_media')
          .values({
            post_id: row.id,
            media_object_id: objects[0]?.id ?? null,
            url: media.url,
            thumbnail_url: media.thumbnailUrl,
            width: media.width,
            height: media.height,
            position,
          })
          .execute();
      }
      return row.id;
    },

    /** Deletes the post (likes, comments, shares and media rows cascade); returns its media keys. */
    async delete(postId: number): Promise<string[]> {
      return ref.db.transaction().execute(async (trx) => {
        const keys = await trx
          .selectFrom('post_media')
          .innerJoin('media_objects', 'media_objects.id', 'post_media.media_object_id')
          .select('media_objects.key')
          .where('post_media.post_id', '=', postId)
          .execute();
        const thumbs = await trx.selectFrom('post_media').select('thumbnail_url').where('post_id', '=', postId).execute();
        // Uploaded thumbnails are media objects named after their photo (any store); older
        // rows only have a local `/media/...` URL.
        const derived = keys.map((k) => thumbnailKeyOf(k.key));
        const uploadedThumbs = derived.length ? await trx.selectFrom('media_objects').select('key').where('key', 'in', derived).execute() : [];
        await trx.deleteFrom('posts').where('id', '=', postId).execute();
        const localThumbs = thumbs.flatMap((t) => (t.thumbnail_url?.startsWith('/media/') ? [t.thumbnail_url.slice('/media/'.length)] : []));
        const all = [...new Set([...keys.map((k) => k.key), ...uploadedThumbs.map((k) => k.key), ...localThumbs])];
        if (all.length) await trx.updateTable('media_objects').set({ status: 'deleted' }).where('key', 'in', all).execute();
        return all;
      });
    },

    /** What a post is created with from its author's profile. */
    async author(userId: number): Promise<
      | {
          name: string | null;
          dob: string | null;
          businessName: string | null;
          businessCategory: string | null;
          whatsappNumber: string | null;
          businessLocation: { longitude: number; latitude: number } | null;
          deliveryRangeM: number | null;
        }
      | undefined
    > {
      const user = await ref.db
        .selectFrom('users')
        .select(['name', 'dob', 'business_name', 'business_category', 'whatsapp_number'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) return undefined;
      const location = await sql<{ longitude: number; latitude: number }>`
        SELECT ST_X(location::geometry) AS longitude, ST_Y(location::geometry) AS latitude
        FROM saved_locations WHERE user_id = ${userId} AND is_business_location ORDER BY position, id LIMIT 1`.execute(ref.db);
      const catalog = await ref.db.selectFrom('business_catalogs').select('delivery_range_m').where('user_id', '=', userId).executeTakeFirst();
      return {
        name: user.name,
        dob: user.dob,
        businessName: user.business_name,
        businessCategory: user.business_category,
        whatsappNumber: user.whatsapp_number,
        businessLocation: location.rows[0] ?? null,
        deliveryRangeM: catalog?.delivery_range_m ?? null,
      };
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
