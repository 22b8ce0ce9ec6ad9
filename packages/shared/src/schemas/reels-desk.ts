import { z } from 'zod';
import { extractVideoId } from '../domain/video-id';
import { Id } from './common';
import { ANY_REPORT_REASONS, REPORT_REASONS } from './community';
import { EditReelBody, REEL_DESCRIPTION_MAX, REEL_TITLE_MAX, ReelVideo } from './incidents';

/** The reels desk (`/shorts-crud`): what moderators see of every reel, and what they may do to it. */

export const DESK_FILTERS = ['all', 'reported', 'hidden'] as const;
export type DeskFilter = (typeof DESK_FILTERS)[number];
/** `hosted`: a hosted-video link (videoSource 'youtube'); `upload`: a recording stored here ('normal'). */
export const DESK_SOURCES = ['hosted', 'upload'] as const;
export type DeskSource = (typeof DESK_SOURCES)[number];
export const DESK_PAGE_SIZE = 20;
/** What a moderator writes as the reason of a hide, restore or delete; the author reads it as written. */
export const MODERATION_REASON_MAX = 500;
/** How many of the latest report notes an item carries. */
export const DESK_REPORT_DETAILS = 3;

/** Query text; '' is "not given" (an empty filter of a form). */
const queryText = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A keyset cursor this server gave: the last item's creation time (to the microsecond) and id. */
export const DESK_CURSOR = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_[1-9]\d{0,9}$/;

export const DeskReelsQuery = z.object({
  filter: queryText(z.enum(DESK_FILTERS, { error: `filter is one of ${DESK_FILTERS.join(', ')}` })).default('all'),
  author: queryText(Id),
  source: queryText(z.enum(DESK_SOURCES, { error: `source is one of ${DESK_SOURCES.join(', ')}` })),
  cursor: queryText(z.string().regex(DESK_CURSOR, 'cursor is not one this server gave')),
  limit: queryText(z.coerce.number().int('limit is a whole number').min(1, 'limit is at least 1').max(50, 'limit is at most 50')).default(DESK_PAGE_SIZE),
});
export type DeskReelsQuery = z.input<typeof DeskReelsQuery>;

export const DeskReportSummary = z.object({
  /** Every report the reel has had. */
  count: z.number().int(),
  /** Reports nobody has acted on yet (what the `reported` filter looks for). */
  open: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(ANY_REPORT_REASONS), count: z.number().int() })),
  /** The latest notes reporters wrote, newest first (a few). */
  latestDetails: z.array(z.string()),
});
export type DeskReportSummary = z.infer<typeof DeskReportSummary>;

export const DeskReel = ReelVideo.extend({
  thumbnailUrl: z.string().nullable(),
  status: z.enum(['active', 'hidden']),
  /** Null when the reel has no uploader (an account that is gone). */
  author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  reports: DeskReportSummary,
  /** Why a moderator hid it (only while hidden). */
  hiddenReason: z.string().nullable(),
});
export type DeskReel = z.infer<typeof DeskReel>;

export const DeskReelsPage = z.object({ items: z.array(DeskReel), nextCursor: z.string().nullable() });
export type DeskReelsPage = z.infer<typeof DeskReelsPage>;

/** A moderator edits a reel's title and/or caption with the author's own limits. */
export const DeskEditReelBody = EditReelBody;
export type DeskEditReelBody = z.input<typeof DeskEditReelBody>;

export const ModerationReasonBody = z.strictObject({
  reason: z
    .string({ error: 'Write the reason' })
    .trim()
    .min(1, 'Write the reason')
    .max(MODERATION_REASON_MAX, `A reason is at most ${MODERATION_REASON_MAX} characters`),
});
export type ModerationReasonBody = z.input<typeof ModerationReasonBody>;

/** A hosted-video reel by its 11-character id (a link to it is accepted too, as the reels upload accepts). */
export const DeskAddReelBody = z.strictObject({
  videoId: z
    .string({ error: 'Enter the 11-character video id' })
    .trim()
    .max(2048)
    .refine((value) => extractVideoId(value) !== undefined, 'Enter the 11-character video id'),
  title: z.string({ error: 'Write a title' }).trim().min(1, 'Write a title').max(REEL_TITLE_MAX, `Title cannot exceed ${REEL_TITLE_MAX} characters`),
  description: z.string().trim().max(REEL_DESCRIPTION_MAX, `Description cannot exceed ${REEL_DESCRIPTION_MAX} characters`).optional(),
});
export type DeskAddReelBody = z.input<typeof DeskAddReelBody>;

export const DeskDeletedResponse = z.object({ deleted: z.literal(true) });

/** `POST /incidents/reels/:id/report`: the reasons content_reports allows, and an optional note. */
export const ReportReelBody = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: `reason is one of ${REPORT_REASONS.join(', ')}` }),
  details: z.string().trim().max(1000, 'A note is at most 1000 characters').optional(),
});
export type ReportReelBody = z.input<typeof ReportReelBody>;
export const ReportReelResponse = z.object({ reported: z.literal(true) });
