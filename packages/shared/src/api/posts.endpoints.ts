import { z } from 'zod';
import {
  CatalogQuery,
  CheckLikeResponse,
  CommentsQuery,
  CommunityPost,
  CreateCommentBody,
  CreatePostFields,
  DeleteCommentBody,
  DeletedResponse,
  FeedQuery,
  FeedResponse,
  InteractionLimits,
  LikeBody,
  LikeResponse,
  LikesQuery,
  LikesResponse,
  PostComment,
  ReportPostBody,
  ReportPostResponse,
  ShareResponse,
} from '../schemas/community';
import { LIMITS } from '../constants';
import { created, defineEndpoints, ok } from './endpoint';

/**
 * Community posts: feed, single post, create, delete and report (SPEC.md §7). The server
 * registers these with the multipart parser the create call needs.
 */
export const communityPostEndpoints = defineEndpoints('community', {
  /**
   * `prompt` searches title, tags, description, author and category (every word, as a prefix;
   * works for Hindi and Gujarati). `userId` lists one author's posts newest first. Posts the
   * caller reported and posts hidden pending review are left out. No sign-in needed: a visitor
   * gets public fields only, newest first without latitude/longitude, and no distance to posts
   * whose location is hidden (SPEC.md §2 /comunity-post, /profile/{id}).
   */
  'GET /posts/community-posts': ok(FeedResponse, {
    priority: 'deferrable',
    access: 'optional',
    query: FeedQuery,
    errors: ['age_restricted', 'too_many_requests'],
  }).summary('Community feed: nearby and recent first when latitude/longitude are given (docs/community-feed-ranking.md)'),
  /** The shared link /saathi-community-post/{id} opens for visitors too. */
  'GET /posts/:postId': ok(CommunityPost, {
    access: 'optional',
    query: CatalogQuery,
    errors: ['age_restricted', 'post_not_found', 'too_many_requests'],
  }).summary('One post (distance from latitude/longitude when given); no sign-in needed'),
  /**
   * Text fields: title (≤ 50), description (≤ 1000), postType=community, status=active,
   * showLocation, isBusinessPost ("true"/"false"), location (JSON GeoJSON Point, [longitude,
   * latitude]), tags (JSON array), userId (must be the caller), userName, businessCategory
   * (required for business posts), whatsappNumber (ignored: the profile number is used).
   * Files media_0..media_3: jpeg, png, gif, webp, heic or heif, checked by their bytes,
   * re-encoded as JPEG without metadata, with a thumbnail.
   */
  'POST /posts/post-create': created(CommunityPost, {
    body: 'multipart',
    // SPEC.md's clients send more text fields than the post keeps: those are read (and checked) and dropped.
    form: {
      fields: Object.keys(CreatePostFields.shape),
      files: { media: LIMITS.photosMax, media_0: 1, media_1: 1, media_2: 1, media_3: 1 },
      otherFields: 'ignore',
    },
    errors: [
      'forbidden',
      'age_restricted',
      'business_location_required',
      'business_post_too_far',
      'post_empty',
      'category_required',
      'too_many_photos',
      'image_rejected',
      'photo_too_large',
      'photos_too_large',
      'unsupported_media_type',
      'daily_limit_reached',
    ],
  }).summary('Create a post (multipart/form-data)'),
  'DELETE /community-posts/:id': ok(DeletedResponse, { errors: ['age_restricted', 'post_not_found', 'post_not_yours'] }).summary('Delete own post'),
  'GET /posts/user-interaction/:userId': ok(InteractionLimits, { errors: ['forbidden', 'age_restricted'] }).summary(
    "The caller's daily limits and today's usage (India date)",
  ),
  'POST /posts/:postId/report': created(ReportPostResponse, { body: ReportPostBody, errors: ['age_restricted', 'post_not_found', 'own_post_report'] }).summary(
    'Report a post: hidden for the reporter at once, for everyone after enough distinct reports (pending review)',
  ),
});

/** Likes, comments and shares of posts (SPEC.md §7). */
export const engagementEndpoints = defineEndpoints('community', {
  'POST /posts/:postId/like': ok(LikeResponse, { body: LikeBody, errors: ['forbidden', 'age_restricted', 'post_not_found', 'daily_limit_reached'] }).summary(
    'Like a post (counts towards the daily like limit)',
  ),
  'POST /posts/:postId/unlike': ok(LikeResponse, { body: LikeBody, errors: ['forbidden', 'age_restricted', 'post_not_found'] }).summary('Remove a like'),
  'GET /community-posts/:postId/like/:userId': ok(CheckLikeResponse, { errors: ['forbidden', 'age_restricted', 'post_not_found'] }).summary(
    'Whether the caller (userId) liked the post',
  ),
  'GET /posts/:postId/likes': ok(LikesResponse, { query: LikesQuery, errors: ['age_restricted', 'post_not_found'] }).summary(
    'Who liked the post, newest first',
  ),
  /** Readable by visitors; adding one needs sign-in. */
  'GET /posts/:postId/comments': ok(z.array(PostComment), {
    access: 'optional',
    query: CommentsQuery,
    errors: ['age_restricted', 'post_not_found', 'too_many_requests'],
  }).summary('A page of comments, newest first (the client shows them oldest first); no sign-in needed'),
  'POST /posts/:postId/comments': created(PostComment, {
    body: CreateCommentBody,
    errors: ['forbidden', 'age_restricted', 'post_not_found', 'daily_limit_reached'],
  }).summary('Add a comment (counts towards the daily comment limit)'),
  'DELETE /comments/:id': ok(DeletedResponse, { errors: ['age_restricted', 'comment_not_found', 'comment_not_yours'] }).summary('Delete own comment'),
  'POST /posts/delete-comment': ok(DeletedResponse, {
    body: DeleteCommentBody,
    errors: ['forbidden', 'age_restricted', 'comment_not_found', 'comment_not_yours'],
  }).summary('Delete own comment'),
  'POST /posts/:postId/share': ok(ShareResponse, { errors: ['age_restricted', 'post_not_found'] }).summary('Count a share'),
});

/** The posts calls of the API contract (see contract.ts). */
export const postsEndpoints = { ...communityPostEndpoints, ...engagementEndpoints };
