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
import { defineEndpoints } from './endpoint';

/** Incident reels (SPEC.md §7 `/incidents/*`). */
export const incidentsEndpoints = defineEndpoints('reels', {
  'GET /incidents/reels': {
    summary: 'Reels, newest first, a page at a time',
    query: ReelsQuery,
    responses: { 200: ReelsResponse },
  },
  'PATCH /incidents/reels/:id': {
    summary: "The author changes a reel's title and/or caption (others 403)",
    body: EditReelBody,
    responses: { 200: Reel },
    errors: ['forbidden', 'reel_not_found'],
  },
  'POST /incidents/like-incident': {
    summary: 'Like (isLiked true) or unlike a reel',
    body: LikeIncidentBody,
    responses: { 200: LikeIncidentResponse },
    errors: ['forbidden', 'reel_not_found'],
  },
  'GET /incidents/check-like': {
    summary: 'Whether the caller liked the reel',
    query: CheckIncidentLikeQuery,
    responses: { 200: CheckIncidentLikeResponse },
    errors: ['forbidden', 'reel_not_found'],
  },
  'POST /incidents/log-share': {
    summary: 'Count a share of the reel',
    body: LogShareBody,
    responses: { 200: LogShareResponse },
    errors: ['forbidden', 'reel_not_found'],
  },
  'GET /incidents/reels-comments': {
    summary: 'The latest comments of a reel, newest first',
    query: ReelCommentsQuery,
    responses: { 200: ReelCommentsResponse },
    errors: ['reel_not_found'],
  },
  'POST /incidents/add-comment': {
    summary: 'Comment on a reel',
    body: AddReelCommentBody,
    responses: { 201: ReelComment },
    errors: ['forbidden', 'reel_not_found'],
  },
  'GET /incidents/get-presigned-url': {
    summary: 'A presigned PUT URL for a webm recording (the stored video URL is it without its query string)',
    query: PresignedUrlQuery,
    responses: { 200: PresignedUrlResponse },
  },
  'POST /incidents/upload': {
    summary: 'Register an uploaded recording or a hosted-video link as a reel',
    body: UploadReelBody,
    responses: { 201: Reel },
    errors: ['forbidden', 'video_missing', 'video_too_large', 'video_not_webm'],
  },
});
