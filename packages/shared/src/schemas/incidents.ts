import { z } from 'zod';
import { LIMITS } from '../constants';
import { extractVideoId } from '../domain/video-id';
import { Id, Latitude, Longitude } from './common';
import { PublicUser } from './public-user';

/** SPEC.md §9: the reels feed pages 5 at a time; the comments panel shows the latest 50. */
export const REELS_PAGE_SIZE = 5;
export const REEL_COMMENTS_LIMIT = 50;
export const REEL_COMMENT_MAX = 500;
/** The only type the recorder produces and the server accepts (SPEC.md §5). */
export const REEL_CONTENT_TYPE = 'video/webm';
/** The recorder stops by itself after this long (SPEC.md §4). */
export const REEL_MAX_SECONDS = 60;

/** What every view of a reel (the feed's, the reels desk's) says of it and its video. */
export const ReelVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  videoUrl: z.string(),
  /** 'normal' is a video file; otherwise `videoUrl` holds a hosted-video link. */
  videoSource: z.enum(['normal', 'youtube']),
  /** The hosted video's 11-character id (only when videoSource is not 'normal'). */
  videoId: z.string().nullable(),
});
export type ReelVideo = z.infer<typeof ReelVideo>;

/** A reel of the feed (SPEC.md §3 "Reel/incident"). */
export const Reel = ReelVideo.extend({
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  uploader: PublicUser.nullable(),
});
export type Reel = z.infer<typeof Reel>;

export const ReelsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(REELS_PAGE_SIZE),
});

export const ReelsResponse = z.array(Reel);

export const LikeIncidentBody = z.strictObject({ userId: Id.optional(), incidentId: Id, isLiked: z.boolean() });
export const LikeIncidentResponse = z.object({ isLiked: z.boolean(), likes: z.number().int() });

export const CheckIncidentLikeQuery = z.object({ userId: Id.optional(), incidentId: Id });
export const CheckIncidentLikeResponse = z.boolean();

export const LogShareBody = z.strictObject({ incidentId: Id, userId: Id.optional() });
export const LogShareResponse = z.object({ shares: z.number().int() });

export const ReelCommentsQuery = z.object({
  incidentId: Id,
  limit: z.coerce.number().int().min(1).max(REEL_COMMENTS_LIMIT).default(REEL_COMMENTS_LIMIT),
});

/** SPEC.md §3 "Reel comment". */
export const ReelComment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  comment_text: z.string(),
  createdAt: z.string(),
  user: PublicUser,
});
export type ReelComment = z.infer<typeof ReelComment>;
export const ReelCommentsResponse = z.array(ReelComment);

export const AddReelCommentBody = z.strictObject({
  incidentId: Id,
  userId: Id.optional(),
  comment_text: z.string().trim().min(1, 'Write a comment first').max(REEL_COMMENT_MAX, `A comment is at most ${REEL_COMMENT_MAX} characters`),
});

export const PresignedUrlQuery = z.object({
  fileName: z.string().max(200).optional(),
  contentType: z.string().max(127),
});
export const PresignedUrlResponse = z.object({
  presignedUrl: z.string(),
  /** Headers the PUT must carry exactly (the signature covers them). */
  headers: z.record(z.string(), z.string()),
  /** What to send as `videoUrl` to /incidents/upload: the upload URL without its query string. */
  videoUrl: z.string(),
  expiresAt: z.string(),
});
export type PresignedUrlResponse = z.infer<typeof PresignedUrlResponse>;

/** A reel's title and caption: the same limits as a community post's (SPEC.md §5, §9). */
export const REEL_TITLE_MAX = LIMITS.postTitleMax;
export const REEL_DESCRIPTION_MAX = LIMITS.postDescriptionMax;
const ReelTitle = z.string().trim().max(REEL_TITLE_MAX, `Title cannot exceed ${REEL_TITLE_MAX} characters`);
const ReelDescription = z.string().trim().max(REEL_DESCRIPTION_MAX, `Description cannot exceed ${REEL_DESCRIPTION_MAX} characters`);

/** Latitude and longitude arrive as text (SPEC.md §3 "Recorded incident upload"). */
const coordinate = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), schema.optional());

export const UploadReelBody = z
  .strictObject({
    videoUrl: z.string().trim().min(1).max(2048),
    videoSource: z.enum(['normal', 'youtube']).default('normal'),
    title: ReelTitle.optional(),
    description: ReelDescription.optional(),
    latitude: coordinate(Latitude),
    longitude: coordinate(Longitude),
  })
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined), {
    message: 'Send both latitude and longitude, or neither',
    path: ['latitude'],
  })
  .refine((b) => b.videoSource === 'normal' || extractVideoId(b.videoUrl) !== undefined, {
    message: 'Not a valid video link',
    path: ['videoUrl'],
  });
export type UploadReelBody = z.input<typeof UploadReelBody>;

/** `PATCH /incidents/reels/:id`: the author changes the title and/or the caption (at least one). */
export const EditReelBody = z
  .strictObject({ title: ReelTitle.optional(), description: ReelDescription.optional() })
  .refine((b) => b.title !== undefined || b.description !== undefined, { message: 'Send a title or a description', path: ['title'] });
export type EditReelBody = z.input<typeof EditReelBody>;
