import { z } from 'zod';
import {
  CatalogQuery,
  CheckLikeResponse,
  CommentsQuery,
  CommunityPost,
  CreateCommentBody,
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
import { defineEndpoints } from './endpoint';

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
  'GET /posts/community-posts': {
    summary: 'Community feed: nearby and recent first when latitude/longitude are given (docs/community-feed-ranking.md)',
    access: 'optional',
    query: FeedQuery,
    responses: { 200: FeedResponse },
    errors: ['age_restricted', 'too_many_requests'],
  },
  /** The shared link /saathi-community-post/{id} opens for visitors too. */
  'GET /posts/:postId': {
    summary: 'One post (distance from latitude/longitude when given); no sign-in needed',
    access: 'optional',
    query: CatalogQuery,
    responses: { 200: CommunityPost },
    errors: ['age_restricted', 'post_not_found', 'too_many_requests'],
  },
  /**
   * Text fields: title (≤ 50), description (≤ 1000), postType=community, status=active,
   * showLocation, isBusinessPost ("true"/"false"), location (JSON GeoJSON Point, [longitude,
   * latitude]), tags (JSON array), userId (must be the caller), userName, businessCategory
   * (required for business posts), whatsappNumber (ignored: the profile number is used).
   * Files media_0..media_3: jpeg, png, gif, webp, heic or heif, checked by their bytes,
   * re-encoded as JPEG without metadata, with a thumbnail.
   */
  'POST /posts/post-create': {
    summary: 'Create a post (multipart/form-data)',
    body: 'multipart',
    responses: { 201: CommunityPost },
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
      'daily_limit_reached',
    ],
  },
  'DELETE /community-posts/:id': {
    summary: 'Delete own post',
    responses: { 200: DeletedResponse },
    errors: ['age_restricted', 'post_not_found', 'post_not_yours'],
  },
  'GET /posts/user-interaction/:userId': {
    summary: "The caller's daily limits and today's usage (India date)",
    responses: { 200: InteractionLimits },
    errors: ['forbidden', 'age_restricted'],
  },
  'POST /posts/:postId/report': {
    summary: 'Report a post: hidden for the reporter at once, for everyone after enough distinct reports (pending review)',
    body: ReportPostBody,
    responses: { 201: ReportPostResponse },
    errors: ['age_restricted', 'post_not_found', 'own_post_report'],
  },
});

/** Likes, comments and shares of posts (SPEC.md §7). */
export const engagementEndpoints = defineEndpoints('community', {
  'POST /posts/:postId/like': {
    summary: 'Like a post (counts towards the daily like limit)',
    body: LikeBody,
    responses: { 200: LikeResponse },
    errors: ['forbidden', 'age_restricted', 'post_not_found', 'daily_limit_reached'],
  },
  'POST /posts/:postId/unlike': {
    summary: 'Remove a like',
    body: LikeBody,
    responses: { 200: LikeResponse },
    errors: ['forbidden', 'age_restricted', 'post_not_found'],
  },
  'GET /community-posts/:postId/like/:userId': {
    summary: 'Whether the caller (userId) liked the post',
    responses: { 200: CheckLikeResponse },
    errors: ['forbidden', 'age_restricted', 'post_not_found'],
  },
  'GET /posts/:postId/likes': {
    summary: 'Who liked the post, newest first',
    query: LikesQuery,
    responses: { 200: LikesResponse },
    errors: ['age_restricted', 'post_not_found'],
  },
  /** Readable by visitors; adding one needs sign-in. */
  'GET /posts/:postId/comments': {
    summary: 'A page of comments, newest first (the client shows them oldest first); no sign-in needed',
    access: 'optional',
    query: CommentsQuery,
    responses: { 200: z.array(PostComment) },
    errors: ['age_restricted', 'post_not_found', 'too_many_requests'],
  },
  'POST /posts/:postId/comments': {
    summary: 'Add a comment (counts towards the daily comment limit)',
    body: CreateCommentBody,
    responses: { 201: PostComment },
    errors: ['forbidden', 'age_restricted', 'post_not_found', 'daily_limit_reached'],
  },
  'DELETE /comments/:id': {
    summary: 'Delete own comment',
    responses: { 200: DeletedResponse },
    errors: ['age_restricted', 'comment_not_found', 'comment_not_yours'],
  },
  'POST /posts/delete-comment': {
    summary: 'Delete own comment',
    body: DeleteCommentBody,
    responses: { 200: DeletedResponse },
    errors: ['forbidden', 'age_restricted', 'comment_not_found', 'comment_not_yours'],
  },
  'POST /posts/:postId/share': {
    summary: 'Count a share',
    responses: { 200: ShareResponse },
    errors: ['age_restricted', 'post_not_found'],
  },
});

/** The posts calls of the API contract (see contract.ts). */
export const postsEndpoints = { ...communityPostEndpoints, ...engagementEndpoints };
