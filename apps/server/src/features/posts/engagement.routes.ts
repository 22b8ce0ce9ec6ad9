import {
  CheckLikeResponse,
  CommentsQuery,
  CreateCommentBody,
  DeleteCommentBody,
  DeletedResponse,
  ErrorResponse,
  IdParams,
  LikeBody,
  LikeResponse,
  LikesQuery,
  LikesResponse,
  PostComment,
  PostIdParams,
  ShareResponse,
} from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPTIONAL_BEARER, optionalUser, requireUser } from '../../plugins/app/auth';
import type { PostsService } from './posts.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Likes, comments and shares of posts (SPEC.md §7). */
export const engagementRoutes: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
  app.post(
    '/posts/:postId/like',
    {
      schema: {
        tags: ['community'],
        summary: 'Like a post (counts towards the daily like limit)',
        params: PostIdParams,
        body: LikeBody,
        response: { 200: LikeResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (request) => posts.like(requireUser(request).id, request.params.postId, request.body),
  );

  app.post(
    '/posts/:postId/unlike',
    { schema: { tags: ['community'], summary: 'Remove a like', params: PostIdParams, body: LikeBody, response: { 200: LikeResponse, ...errors } } },
    async (request) => posts.unlike(requireUser(request).id, request.params.postId, request.body),
  );

  app.get(
    '/community-posts/:postId/like/:userId',
    {
      schema: {
        tags: ['community'],
        summary: 'Whether the caller (userId) liked the post',
        params: z.object({ postId: PostIdParams.shape.postId, userId: PostIdParams.shape.postId }),
        response: { 200: CheckLikeResponse, ...errors },
      },
    },
    async (request) => posts.checkLike(requireUser(request).id, request.params.postId, request.params.userId),
  );

  app.get(
    '/posts/:postId/likes',
    {
      schema: {
        tags: ['community'],
        summary: 'Who liked the post, newest first',
        params: PostIdParams,
        querystring: LikesQuery,
        response: { 200: LikesResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, pageSize } = request.query;
      return posts.likes(requireUser(request).id, request.params.postId, page, limit ?? pageSize ?? 10);
    },
  );

  app.get(
    '/posts/:postId/comments',
    {
      schema: {
        tags: ['community'],
        summary: 'A page of comments, newest first (the client shows them oldest first); no sign-in needed',
        security: OPTIONAL_BEARER,
        params: PostIdParams,
        querystring: CommentsQuery,
        response: { 200: z.array(PostComment), ...errors, 429: ErrorResponse },
      },
    },
    // Readable by visitors (OPTIONAL_AUTH_ROUTES); adding one needs sign-in.
    async (request) => posts.comments(optionalUser(request)?.id ?? null, request.params.postId, request.query.page, request.query.pageSize),
  );

  app.post(
    '/posts/:postId/comments',
    {
      schema: {
        tags: ['community'],
        summary: 'Add a comment (counts towards the daily comment limit)',
        params: PostIdParams,
        body: CreateCommentBody,
        response: { 201: PostComment, ...errors, 429: ErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await posts.addComment(requireUser(request).id, request.params.postId, request.body)),
  );

  app.delete(
    '/comments/:id',
    { schema: { tags: ['community'], summary: 'Delete own comment', params: IdParams, response: { 200: DeletedResponse, ...errors } } },
    async (request) => {
      await posts.deleteComment(requireUser(request).id, request.params.id);
      return { deleted: true as const };
    },
  );

  app.post(
    '/posts/delete-comment',
    { schema: { tags: ['community'], summary: 'Delete own comment', body: DeleteCommentBody, response: { 200: DeletedResponse, ...errors } } },
    async (request) => {
      await posts.deleteComment(requireUser(request).id, request.body.commentId, request.body);
      return { deleted: true as const };
    },
  );

  app.post(
    '/posts/:postId/share',
    { schema: { tags: ['community'], summary: 'Count a share', params: PostIdParams, response: { 200: ShareResponse, ...errors } } },
    async (request) => posts.share(requireUser(request).id, request.params.postId),
  );
};
