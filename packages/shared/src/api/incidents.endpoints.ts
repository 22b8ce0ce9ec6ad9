import {
  AddReelCommentBody,
  CheckIncidentLikeQuery,
  CheckIncidentLikeResponse,
  EditReelBody,
  LikeIncidentBody,
  LikeIncidentResponse,
  LogShareBody,
  LogShareResponse,
  PresignedUrlQuery,
  PresignedUrlResponse,
  Reel,
  ReelComment,
  ReelCommentsQuery,
  ReelCommentsResponse,
  ReelsQuery,
  ReelsResponse,
  UploadReelBody,
} from '../schemas/incidents';
import { created, defineEndpoints, ok } from './endpoint';

/** Incident reels (SPEC.md §7 `/incidents/*`). */
export const incidentsEndpoints = defineEndpoints('reels', {
  'GET /incidents/reels': ok(ReelsResponse, { priority: 'deferrable', query: ReelsQuery }).summary('Reels, newest first, a page at a time'),
  'PATCH /incidents/reels/:id': ok(Reel, { body: EditReelBody, errors: ['forbidden', 'reel_not_found'] }).summary(
    "The author changes a reel's title and/or caption (others 403)",
  ),
  'POST /incidents/like-incident': ok(LikeIncidentResponse, { body: LikeIncidentBody, errors: ['forbidden', 'reel_not_found'] }).summary(
    'Like (isLiked true) or unlike a reel',
  ),
  'GET /incidents/check-like': ok(CheckIncidentLikeResponse, { query: CheckIncidentLikeQuery, errors: ['forbidden', 'reel_not_found'] }).summary(
    'Whether the caller liked the reel',
  ),
  'POST /incidents/log-share': ok(LogShareResponse, { body: LogShareBody, errors: ['forbidden', 'reel_not_found'] }).summary('Count a share of the reel'),
  'GET /incidents/reels-comments': ok(ReelCommentsResponse, { query: ReelCommentsQuery, errors: ['reel_not_found'] }).summary(
    'The latest comments of a reel, newest first',
  ),
  'POST /incidents/add-comment': created(ReelComment, { body: AddReelCommentBody, errors: ['forbidden', 'reel_not_found'] }).summary('Comment on a reel'),
  'GET /incidents/get-presigned-url': ok(PresignedUrlResponse, { query: PresignedUrlQuery }).summary(
    'A presigned PUT URL for a webm recording (the stored video URL is it without its query string)',
  ),
  'POST /incidents/upload': created(Reel, {
    body: UploadReelBody,
    errors: ['forbidden', 'video_missing', 'video_incomplete', 'video_too_large', 'video_not_webm'],
  }).summary('Register an uploaded recording or a hosted-video link as a reel'),
});
