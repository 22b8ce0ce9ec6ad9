import { z } from 'zod';
import { BUSINESS_CATEGORIES, LIMITS } from '../constants';
import { GeoPoint, Id, Latitude, Longitude } from './common';
import { PublicUser } from './public-user';

/** Community API shapes (SPEC.md §3 "Community post (as read)", §7 posts/comments/likes/catalog/orders). */

export const BusinessCategoryCode = z.enum(BUSINESS_CATEGORIES as [string, ...string[]], { error: 'Please select a category' });

/** Query numbers arrive as text; blank means "not given". */
const optionalQueryNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), schema.optional());

export const FeedQuery = z.object({
  status: z.enum(['active']).default('active'),
  /** Keyword search over title, tags, description, author and category ('simple' full text). */
  prompt: z.string().trim().max(100).optional(),
  businessCategory: z.preprocess((v) => (v === '' || v === 'null' || v === 'all' ? undefined : v), BusinessCategoryCode.optional()),
  /** The client's flag that the query came from the search dialog; accepted and ignored. */
  isSearch: z.string().optional(),
  /** Only this author's posts (the /my-posts/{id} and /profile/{id} pages). */
  userId: optionalQueryNumber(z.number().int().positive().max(2_147_483_647)),
  page: optionalQueryNumber(z.number().int().min(1).max(10_000)).default(1),
  limit: optionalQueryNumber(z.number().int().min(1).max(50)).default(5),
  latitude: optionalQueryNumber(Latitude),
  longitude: optionalQueryNumber(Longitude),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

/** A post's author: a PublicUser plus SPEC.md §3's user.profileImage (no contact data). */
export const PostAuthor = PublicUser.extend({ profileImage: z.string().nullable() });

export const CommunityPost = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  user: PostAuthor,
  title: z.string(),
  description: z.string(),
  priority: z.enum(['high', 'medium', 'regular', 'low']),
  status: z.enum(['active', 'hidden', 'removed']),
  postType: z.literal('community'),
  mediaUrls: z.array(z.string()),
  /** Small versions for the feed grid, same order as mediaUrls. */
  thumbnailUrls: z.array(z.string()),
  videoUrl: z.string().nullable(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  sharesCount: z.number().int(),
  wasLiked: z.boolean(),
  liked: z.boolean(),
  isBusinessPost: z.boolean(),
  businessCategory: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  tags: z.array(z.string()),
  showLocation: z.boolean(),
  /** 'YYYY-MM-DD HH:mm:ss', India time. */
  createdAt: z.string(),
  /** x: longitude, y: latitude. */
  location: z.object({ x: z.number(), y: z.number() }).nullable(),
  /** Kilometres from the reader's latitude/longitude; null when either is unknown. */
  distance: z.number().nullable(),
  deliveryRange: z.number().int().nullable(),
  hasCatalog: z.boolean(),
});
export type CommunityPost = z.infer<typeof CommunityPost>;

export const FeedResponse = z.object({ data: z.array(CommunityPost), page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });
export type FeedResponse = z.infer<typeof FeedResponse>;

/** The text fields of the multipart create call (files are media_0..media_3). */
export const CreatePostFields = z.object({
  title: z.string().trim().max(LIMITS.postTitleMax, `Title cannot exceed ${LIMITS.postTitleMax} characters`).default(''),
  description: z.string().trim().max(LIMITS.postDescriptionMax, `Description cannot exceed ${LIMITS.postDescriptionMax} characters`).default(''),
  postType: z.literal('community').default('community'),
  status: z.literal('active').default('active'),
  location: GeoPoint.optional(),
  showLocation: z.boolean().default(false),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  userId: Id.optional(),
  userName: z.string().trim().max(100).optional(),
  isBusinessPost: z.boolean().default(false),
  whatsappNumber: z.string().optional(),
  businessCategory: z.string().optional(),
});
export type CreatePostFields = z.infer<typeof CreatePostFields>;

/** SPEC.md sends userId/postId in bodies; the server checks them against the caller and the path. */
export const LikeBody = z.strictObject({ userId: Id.optional(), postId: Id.optional() }).default({});
export const LikeResponse = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export const CheckLikeResponse = z.object({ liked: z.boolean() });

export const InteractionLimits = z.object({
  dailyLikeLimit: z.number().int(),
  dailyCommentLimit: z.number().int(),
  dailyPostLimit: z.number().int(),
  usedLikeCount: z.number().int(),
  usedCommentCount: z.number().int(),
  usedPostCount: z.number().int(),
});
export type InteractionLimits = z.infer<typeof InteractionLimits>;

export const CreateCommentBody = z.strictObject({
  content: z.string().trim().min(1, 'Comment cannot be empty').max(LIMITS.commentMax, `Comment cannot exceed ${LIMITS.commentMax} characters`),
  postId: Id.optional(),
  userId: Id.optional(),
});

export const PostComment = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  postId: z.number().int(),
  /** SPEC.md §3 lists user.email here; other users' emails are never sent (docs/adr/0008). */
  user: PublicUser,
});
export type PostComment = z.infer<typeof PostComment>;

export const CommentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const DeleteCommentBody = z.strictObject({ commentId: Id, userId: Id.optional(), postId: Id.optional() });

export const LikesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).optional(),
});
export const LikeEntry = z.object({ id: z.number().int(), createdAt: z.string(), user: PublicUser });
export type LikeEntry = z.infer<typeof LikeEntry>;
export const LikesResponse = z.object({ likes: z.array(LikeEntry), totalPages: z.number().int() });

export const ShareResponse = z.object({ sharesCount: z.number().int() });
export const DeletedResponse = z.object({ deleted: z.literal(true) });

/** What a report of a post, comment or reel may name (the grievance categories of India's IT Rules 2021). */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual_content',
  'intimate_image',
  'misinformation',
  'private_information',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Reasons reports had before; still in the database, never offered again. */
export const LEGACY_REPORT_REASONS = ['abuse', 'nudity', 'scam', 'privacy'] as const;
export const ANY_REPORT_REASONS = [...REPORT_REASONS, ...LEGACY_REPORT_REASONS] as const;
export type AnyReportReason = (typeof ANY_REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 1000;
export const ReportPostBody = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: `reason is one of ${REPORT_REASONS.join(', ')}` }),
  details: z.string().trim().max(REPORT_DETAILS_MAX, `A note is at most ${REPORT_DETAILS_MAX} characters`).optional(),
});
export type ReportPostBody = z.input<typeof ReportPostBody>;
export const ReportPostResponse = z.object({ reported: z.literal(true), hidden: z.boolean() });

export const CatalogQuery = z.object({
  latitude: optionalQueryNumber(Latitude),
  longitude: optionalQueryNumber(Longitude),
});
export const CatalogItem = z.object({ id: z.number().int(), title: z.string(), imageUrl: z.string() });
/**
 * Why a reader is offered no items (SPEC.md §6 hints 'Enable location to view catalog' and
 * 'Outside delivery range'). These are expected states, so they come with a 200, not an error.
 */
export const CatalogUnavailable = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('location_required') }),
  z.object({ reason: z.literal('outside_delivery_range'), deliveryRangeM: z.number().int() }),
]);
export type CatalogUnavailable = z.infer<typeof CatalogUnavailable>;
export const CatalogResponse = z.object({
  /** Empty (and whatsappNumber null) when `unavailable` is set. */
  catalogItems: z.array(CatalogItem),
  whatsappNumber: z.string().nullable(),
  doesDelivery: z.boolean(),
  deliveryText: z.string().nullable(),
  unavailable: CatalogUnavailable.nullable(),
});
export type CatalogResponse = z.infer<typeof CatalogResponse>;

export const OrderLine = z.strictObject({
  slideId: Id,
  text: z.string().trim().min(1, 'Item text cannot be empty').max(500),
  title: z.string().trim().max(100).default(''),
});
export const CreateOrderBody = z.strictObject({ businessUserId: Id, order: z.array(OrderLine).min(1, 'The cart is empty').max(50) });
export const Order = z.object({
  id: z.number().int(),
  businessUserId: z.number().int(),
  customer: PublicUser,
  whatsappNumber: z.string().nullable(),
  status: z.enum(['placed', 'handed_off', 'cancelled']),
  createdAt: z.string(),
  items: z.array(z.object({ slideId: z.number().int().nullable(), text: z.string(), title: z.string() })),
});
export type Order = z.infer<typeof Order>;
export const OrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
