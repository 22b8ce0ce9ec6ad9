import multipart from '@fastify/multipart';
import {
  CatalogQuery,
  CommunityPost,
  DeletedResponse,
  ErrorResponse,
  FeedQuery,
  FeedResponse,
  IdParams,
  InteractionLimits,
  LIMITS,
  PostIdParams,
  ReportPostBody,
  ReportPostResponse,
  UserIdParams,
} from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Storage } from '../../core/storage';
import { OPTIONAL_BEARER, optionalUser, requireUser } from '../../plugins/app/auth';
import { readCreateForm, type UploadLimits } from './post-create';
import type { PostsService } from './posts.service';

export interface PostsRoutesOptions {
  posts: PostsService;
  createPost: (callerId: number, form: Awaited<ReturnType<typeof readCreateForm>>) => Promise<CommunityPost>;
  storage: Storage;
  upload: UploadLimits;
}

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Feed, single post, create, delete and report (SPEC.md §7). */
export const postsRoutes: FastifyPluginAsyncZod<PostsRoutesOptions> = async (app, { posts, createPost, storage, upload }) => {
  await app.register(multipart, {
    limits: { fileSize: upload.imageMaxBytes, files: LIMITS.photosMax + 1, fields: 20, fieldSize: 16 * 1024, parts: 30 },
  });

  app.get(
    '/posts/community-posts',
    {
      schema: {
        tags: ['community'],
        summary: 'Community feed: nearby and recent first when latitude/longitude are given (docs/community-feed-ranking.md)',
        description:
          '`prompt` searches title, tags, description, author and category (every word, as a prefix; works for Hindi and Gujarati). ' +
          '`userId` lists one author\'s posts newest first. Posts the caller reported and posts hidden pending review are left out. ' +
          'No sign-in needed: a visitor gets public fields only, newest first without latitude/longitude, and no distance to posts whose location is hidden.',
        security: OPTIONAL_BEARER,
        querystring: FeedQuery,
        response: { 200: FeedResponse, ...errors, 429: ErrorResponse },
      },
    },
    // Visitors read it too (SPEC.md §2 /comunity-post, /profile/{id}): see OPTIONAL_AUTH_ROUTES.
    async (request) => posts.feed(optionalUser(request)?.id ?? null, request.query),
  );

  app.get(
    '/posts/:postId',
    {
      schema: {
        tags: ['community'],
        summary: 'One post (distance from latitude/longitude when given); no sign-in needed',
        security: OPTIONAL_BEARER,
        params: PostIdParams,
        querystring: CatalogQuery,
        response: { 200: CommunityPost, ...errors, 429: ErrorResponse },
      },
    },
    // The shared link /saathi-community-post/{id} opens for visitors too (OPTIONAL_AUTH_ROUTES).
    async (request) => posts.getPost(optionalUser(request)?.id ?? null, request.params.postId, request.query),
  );

  app.post(
    '/posts/post-create',
    {
      schema: {
        tags: ['community'],
        summary: 'Create a post (multipart/form-data)',
        description:
          'Text fields: title (≤ 50), description (≤ 1000), postType=community, status=active, showLocation, isBusinessPost ("true"/"false"), ' +
          'location (JSON GeoJSON Point, [longitude, latitude]), tags (JSON array), userId (must be the caller), userName, businessCategory ' +
          '(required for business posts), whatsappNumber (ignored: the profile number is used). Files media_0..media_3: jpeg, png, gif, webp, ' +
          'heic or heif, checked by their bytes, re-encoded as JPEG without metadata, with a thumbnail.',
        consumes: ['multipart/form-data'],
        response: { 201: CommunityPost, ...errors, 413: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const form = await readCreateForm(request, upload);
      return reply.status(201).send(await createPost(caller.id, form));
    },
  );

  app.delete(
    '/community-posts/:id',
    {
      schema: { tags: ['community'], summary: 'Delete own post', params: IdParams, response: { 200: DeletedResponse, ...errors } },
    },
    async (request) => {
      const keys = await posts.deletePost(requireUser(request).id, request.params.id);
      // Files go after the rows: a failed unlink leaves an orphan file, never a broken post.
      await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => request.log.warn({ reason: String(error) }, 'media delete failed'))));
      return { deleted: true as const };
    },
  );

  app.get(
    '/posts/user-interaction/:userId',
    {
      schema: {
        tags: ['community'],
        summary: "The caller's daily limits and today's usage (India date)",
        params: UserIdParams,
        response: { 200: InteractionLimits, ...errors },
      },
    },
    async (request) => posts.interaction(requireUser(request).id, request.params.userId),
  );

  app.post(
    '/posts/:postId/report',
    {
      schema: {
        tags: ['community'],
        summary: 'Report a post: hidden for the reporter at once, for everyone after enough distinct reports (pending review)',
        params: PostIdParams,
        body: ReportPostBody,
        response: { 201: ReportPostResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await posts.report(requireUser(request).id, request.params.postId, request.body.reason, request.body.details)),
  );
};
