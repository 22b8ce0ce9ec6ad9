import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';
import { hasRow } from '../../core/db/has-row';

export interface ReelRow {
  id: number;
  title: string;
  description: string;
  video_url: string;
  video_source: 'normal' | 'youtube';
  likes_count: number;
  comments_count: number;
  shares_count: number;
  duration_ms: number | null;
  created_at: Date;
  uploader_id: number | null;
  uploader_name: string | null;
  uploader_avatar: string | null;
}

export interface CommentRow {
  id: number;
  user_id: number;
  comment_text: string;
  created_at: Date;
  name: string | null;
  avatar: string | null;
}

export interface NewReel {
  uploaderId: number;
  videoUrl: string;
  videoSource: 'normal' | 'youtube';
  title: string;
  description: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
  durationMs?: number | null;
}

/** A reel's new title and/or caption (the author's edit or a moderator's): only what is given changes. */
export const reelTextChange = (text: { title?: string | undefined; description?: string | undefined }) => ({
  ...(text.title !== undefined ? { title: text.title } : {}),
  ...(text.description !== undefined ? { description: text.description } : {}),
  updated_at: sql<Date>`now()`,
});

/** Reels, their likes, comments and shares (tables of migration 0004). */
export function createIncidentsRepository(ref: DbRef) {
  const reelColumns = (db: DbRef['db']) =>
    db
      .selectFrom('incidents as i')
      .leftJoin('users as u', 'u.id', 'i.uploader_id')
      .select([
        'i.id',
        'i.title',
        'i.description',
        'i.video_url',
        'i.video_source',
        'i.likes_count',
        'i.comments_count',
        'i.shares_count',
        'i.duration_ms',
        'i.created_at',
        'i.uploader_id',
        'u.name as uploader_name',
        'u.avatar as uploader_avatar',
      ])
      .where('i.status', '=', 'active');

  return {
    /** Newest first, on the partial index incidents_feed_idx. */
    async page(offset: number, limit: number): Promise<ReelRow[]> {
      return reelColumns(ref.db).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').limit(limit).offset(offset).execute();
    },

    async byId(id: number): Promise<ReelRow | undefined> {
      return reelColumns(ref.db).where('i.id', '=', id).executeTakeFirst();
    },

    async exists(id: number): Promise<boolean> {
      return hasRow(ref.db.selectFrom('incidents').select('id').where('id', '=', id).where('status', '=', 'active'));
    },

    /** The uploader of an active reel: undefined when there is no such reel, null when it has no uploader. */
    async uploaderOf(id: number): Promise<number | null | undefined> {
      const row = await ref.db.selectFrom('incidents').select('uploader_id').where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
      return row === undefined ? undefined : row.uploader_id;
    },

    /** Changes the title and/or caption of an active reel of this uploader; false when no row matched. */
    async updateText(id: number, uploaderId: number, text: { title?: string | undefined; description?: string | undefined }): Promise<boolean> {
      const result = await ref.db
        .updateTable('incidents')
        .set(reelTextChange(text))
        .where('id', '=', id)
        .where('uploader_id', '=', uploaderId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insert(reel: NewReel): Promise<number> {
      const row = await ref.db
        .insertInto('incidents')
        .values({
          uploader_id: reel.uploaderId,
          video_url: reel.videoUrl,
          video_source: reel.videoSource,
          title: reel.title,
          description: reel.description,
          duration_ms: reel.durationMs ?? null,
          location: reel.latitude !== undefined && reel.longitude !== undefined ? geoPoint({ latitude: reel.latitude, longitude: reel.longitude }) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Sets or clears the caller's like; the trigger keeps likes_count. Returns the new count. */
    async setLike(incidentId: number, userId: number, liked: boolean): Promise<number> {
      return ref.db.transaction().execute(async (tx) => {
        if (liked) {
          await tx
            .insertInto('incident_likes')
            .values({ incident_id: incidentId, user_id: userId })
            .onConflict((oc) => oc.doNothing())
            .execute();
        } else {
          await tx.deleteFrom('incident_likes').where('incident_id', '=', incidentId).where('user_id', '=', userId).execute();
        }
        const row = await tx.selectFrom('incidents').select('likes_count').where('id', '=', incidentId).executeTakeFirstOrThrow();
        return row.likes_count;
      });
    },

    async isLiked(incidentId: number, userId: number): Promise<boolean> {
      return hasRow(ref.db.selectFrom('incident_likes').select('user_id').where('incident_id', '=', incidentId).where('user_id', '=', userId));
    },

    async logShare(incidentId: number, userId: number): Promise<number> {
      return ref.db.transaction().execute(async (tx) => {
        await tx.insertInto('incident_shares').values({ incident_id: incidentId, user_id: userId }).execute();
        const row = await tx.selectFrom('incidents').select('shares_count').where('id', '=', incidentId).executeTakeFirstOrThrow();
        return row.shares_count;
      });
    },

    /** The latest comments, newest first. */
    async comments(incidentId: number, limit: number): Promise<CommentRow[]> {
      return ref.db
        .selectFrom('incident_comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.user_id', 'c.comment_text', 'c.created_at', 'u.name', 'u.avatar'])
        .where('c.incident_id', '=', incidentId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute();
    },

    async addComment(incidentId: number, userId: number, text: string): Promise<CommentRow> {
      const row = await ref.db
        .insertInto('incident_comments')
        .values({ incident_id: incidentId, user_id: userId, comment_text: text })
        .returning(['id', 'user_id', 'comment_text', 'created_at'])
        .executeTakeFirstOrThrow();
      const user = await ref.db.selectFrom('users').select(['name', 'avatar']).where('id', '=', userId).executeTakeFirst();
      return { ...row, name: user?.name ?? null, avatar: user?.avatar ?? null };
    },
  };
}

export type IncidentsRepository = ReturnType<typeof createIncidentsRepository>;
