import { extractVideoId, REEL_CONTENT_TYPE, type PresignedUrlResponse, type Reel, type ReelComment, type ReelVideo, type UploadReelBody } from '@saathi/shared';
import type { z } from 'zod';
import { AppError, assertSelf, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import type { MediaStorage } from '../../core/storage';
import type { CommentRow, IncidentsRepository, ReelRow } from './incidents.repository';
import { assertReelRecording, readReelDuration, reelKeyFor } from './reel-upload-check';

/** How long a presigned reel upload URL stays valid: enough for 50 MB on a slow link. */
export const REEL_PRESIGN_SECONDS = 15 * 60;

export interface IncidentsServiceDeps {
  incidents: IncidentsRepository;
  storage: MediaStorage;
  maxBytes: number;
  /** Maps a client-sent video URL back to its storage key (undefined: not ours). */
  keyOf: (videoUrl: string) => string | undefined;
}

type UploadInput = z.output<typeof UploadReelBody>;

/** What every view of a reel says of it and its video (ReelVideo): the feed's and the reels desk's. */
export function toReelVideo(row: Pick<ReelRow, 'id' | 'title' | 'description' | 'video_url' | 'video_source'>): ReelVideo {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    videoUrl: row.video_url,
    videoSource: row.video_source,
    videoId: row.video_source !== 'normal' ? (extractVideoId(row.video_url) ?? null) : null,
  };
}

export function toReel(row: ReelRow): Reel {
  return {
    ...toReelVideo(row),
    likes: row.likes_count,
    comments: row.comments_count,
    shares: row.shares_count,
    durationMs: row.duration_ms,
    createdAt: row.created_at.toISOString(),
    uploader: row.uploader_id === null ? null : { id: row.uploader_id, name: row.uploader_name ?? '', avatar: row.uploader_avatar },
  };
}

const toComment = (row: CommentRow): ReelComment => ({
  id: row.id,
  userId: row.user_id,
  comment_text: row.comment_text,
  createdAt: row.created_at.toISOString(),
  user: { id: row.user_id, name: row.name ?? '', avatar: row.avatar },
});

export function createIncidentsService({ incidents, storage, maxBytes, keyOf }: IncidentsServiceDeps) {
  const requireReel = async (id: number) => {
    if (!(await incidents.exists(id))) throw new NotFoundError('Reel not found', 'reel_not_found');
  };

  return {
    async reels(page: number, pageSize: number): Promise<Reel[]> {
      return (await incidents.page((page - 1) * pageSize, pageSize)).map(toReel);
    },

    async like(callerId: number, body: { userId?: number | undefined; incidentId: number; isLiked: boolean }) {
      assertSelf(callerId, body.userId);
      await requireReel(body.incidentId);
      const likes = await incidents.setLike(body.incidentId, callerId, body.isLiked);
      return { isLiked: body.isLiked, likes };
    },

    async checkLike(callerId: number, query: { userId?: number | undefined; incidentId: number }): Promise<boolean> {
      assertSelf(callerId, query.userId);
      await requireReel(query.incidentId);
      return incidents.isLiked(query.incidentId, callerId);
    },

    async logShare(callerId: number, body: { userId?: number | undefined; incidentId: number }) {
      assertSelf(callerId, body.userId);
      await requireReel(body.incidentId);
      return { shares: await incidents.logShare(body.incidentId, callerId) };
    },

    async comments(incidentId: number, limit: number): Promise<ReelComment[]> {
      await requireReel(incidentId);
      return (await incidents.comments(incidentId, limit)).map(toComment);
    },

    async addComment(callerId: number, body: { userId?: number | undefined; incidentId: number; comment_text: string }): Promise<ReelComment> {
      assertSelf(callerId, body.userId);
      await requireReel(body.incidentId);
      return toComment(await incidents.addComment(body.incidentId, callerId, body.comment_text));
    },

    /** The author changes the title and/or caption of their reel; anyone else is refused and nothing changes. */
    async edit(callerId: number, id: number, body: { title?: string | undefined; description?: string | undefined }): Promise<Reel> {
      const uploaderId = await incidents.uploaderOf(id);
      if (uploaderId === undefined) throw new NotFoundError('Reel not found', 'reel_not_found');
      if (uploaderId !== callerId) throw new ForbiddenError('Only the author can edit this reel');
      if (!(await incidents.updateText(id, callerId, body))) throw new NotFoundError('Reel not found', 'reel_not_found');
      return toReel((await incidents.byId(id))!);
    },

    async presign(callerId: number, contentType: string): Promise<PresignedUrlResponse> {
      if (contentType.split(';')[0]?.trim().toLowerCase() !== REEL_CONTENT_TYPE) {
        throw new ValidationError('Only video/webm recordings can be uploaded', 'contentType');
      }
      const signed = await storage.presignPut(reelKeyFor(callerId), REEL_CONTENT_TYPE, REEL_PRESIGN_SECONDS);
      return { presignedUrl: signed.url, headers: signed.headers, videoUrl: signed.url.split('?')[0]!, expiresAt: signed.expiresAt.toISOString() };
    },

    /**
     * Registers an uploaded recording (after checking the object: ours, the caller's, present,
     * not too big, and one whole webm recording by its bytes) or a hosted-video link. A rejected object is deleted,
     * so nothing of it stays stored.
     */
    async upload(callerId: number, body: UploadInput): Promise<Reel> {
      const base = { uploaderId: callerId, title: body.title ?? '', description: body.description ?? '', latitude: body.latitude, longitude: body.longitude };
      if (body.videoSource !== 'normal') {
        const id = extractVideoId(body.videoUrl);
        if (!id) throw new ValidationError('Not a valid video link', 'videoUrl');
        const reelId = await incidents.insert({ ...base, videoUrl: body.videoUrl, videoSource: body.videoSource });
        return toReel((await incidents.byId(reelId))!);
      }
      const key = keyOf(body.videoUrl);
      if (!key) throw new ValidationError('The video must be uploaded through a link from get-presigned-url', 'videoUrl');
      if (!key.startsWith(`reels/${callerId}/`)) throw new ForbiddenError('This video was uploaded by someone else');
      const object = await storage.inspect(key, 0);
      if (!object || object.size === 0) throw new AppError('video_missing', 'The video has not been uploaded', 'videoUrl');
      try {
        await assertReelRecording((await storage.readStream(key)) ?? [], object.size, maxBytes, 'videoUrl');
      } catch (error) {
        // A refused object goes; a store that failed to answer keeps it for a retry.
        if (error instanceof AppError) await storage.delete(key);
        throw error;
      }
      const durationMs = await readReelDuration(storage, key);
      const reelId = await incidents.insert({ ...base, videoUrl: storage.url(key), videoSource: 'normal', durationMs });
      return toReel((await incidents.byId(reelId))!);
    },
  };
}

export type IncidentsService = ReturnType<typeof createIncidentsService>;
