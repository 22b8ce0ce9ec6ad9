import {
  AddReelCommentBody,
  CheckIncidentLikeQuery,
  CheckIncidentLikeResponse,
  EditReelBody,
  ErrorResponse,
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
  ReelIdParams,
  ReelsQuery,
  ReelsResponse,
  UploadReelBody,
} from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/auth';
import type { IncidentsService } from './incidents.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['reels'];

/** Incident reels (SPEC.md §7 `/incidents/*`). */
export const incidentsRoutes: FastifyPluginAsyncZod<{ incidents: IncidentsService }> = async (app, { incidents }) => {
  app.get(
    '/incidents/reels',
    { schema: { tags, summary: 'Reels, newest first, a page at a time', querystring: ReelsQuery, response: { 200: ReelsResponse, ...errors } } },
    async (request) => {
      requireUser(request);
      return incidents.reels(request.query.page, request.query.pageSize);
    },
  );

  app.patch(
    '/incidents/reels/:id',
    {
      schema: {
        tags,
        summary: "The author changes a reel's title and/or caption (others 403)",
        params: ReelIdParams,
        body: EditReelBody,
        response: { 200: Reel, ...errors },
      },
    },
    async (request) => incidents.edit(requireUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/incidents/like-incident',
    { schema: { tags, summary: 'Like (isLiked true) or unlike a reel', body: LikeIncidentBody, response: { 200: LikeIncidentResponse, ...errors } } },
    async (request) => incidents.like(requireUser(request).id, request.body),
  );

  app.get(
    '/incidents/check-like',
    { schema: { tags, summary: 'Whether the caller liked the reel', querystring: CheckIncidentLikeQuery, response: { 200: CheckIncidentLikeResponse, ...errors } } },
    async (request) => incidents.checkLike(requireUser(request).id, request.query),
  );

  app.post(
    '/incidents/log-share',
    { schema: { tags, summary: 'Count a share of the reel', body: LogShareBody, response: { 200: LogShareResponse, ...errors } } },
    async (request) => incidents.logShare(requireUser(request).id, request.body),
  );

  app.get(
    '/incidents/reels-comments',
    { schema: { tags, summary: 'The latest comments of a reel, newest first', querystring: ReelCommentsQuery, response: { 200: ReelCommentsResponse, ...errors } } },
    async (request) => {
      requireUser(request);
      return incidents.comments(request.query.incidentId, request.query.limit);
    },
  );

  app.post(
    '/incidents/add-comment',
    { schema: { tags, summary: 'Comment on a reel', body: AddReelCommentBody, response: { 201: ReelComment, ...errors } } },
    async (request, reply) => reply.code(201).send(await incidents.addComment(requireUser(request).id, request.body)),
  );

  app.get(
    '/incidents/get-presigned-url',
    {
      schema: {
        tags,
        summary: 'A presigned PUT URL for a webm recording (the stored video URL is it without its query string)',
        querystring: PresignedUrlQuery,
        response: { 200: PresignedUrlResponse, ...errors },
      },
    },
    async (request) => incidents.presign(requireUser(request).id, request.query.contentType),
  );

  app.post(
    '/incidents/upload',
    {
      schema: {
        tags,
        summary: 'Register an uploaded recording or a hosted-video link as a reel',
        body: UploadReelBody,
        response: { 201: Reel, ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await incidents.upload(requireUser(request).id, request.body)),
  );
};
