import multipart from '@fastify/multipart';
import { LIMITS, type CommunityPost } from '@saathi/shared';
import { communityPostEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import type { Storage } from '../../core/storage';
import { optionalUser, requireUser } from '../../plugins/app/auth';
import { readCreateForm, type UploadLimits } from './post-create';
import type { PostsService } from './posts.service';

export interface PostsRoutesOptions {
  posts: PostsService;
  createPost: (callerId: number, form: Awaited<ReturnType<typeof readCreateForm>>) => Promise<CommunityPost>;
  storage: Storage;
  upload: UploadLimits;
}

/** Feed, single post, create, delete and report (SPEC.md §7); registered in its own context, the only one that parses multipart. */
export async function postsRoutes(app: FastifyInstance, { posts, createPost, storage, upload }: PostsRoutesOptions): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: upload.imageMaxBytes, files: LIMITS.photosMax + 1, fields: 20, fieldSize: 16 * 1024, parts: 30 },
  });

  registerEndpoints(app, communityPostEndpoints, {
    // Visitors read it too (SPEC.md §2 /comunity-post, /profile/{id}): access 'optional'.
    'GET /posts/community-posts': async (request) => posts.feed(optionalUser(request), request.query),
    // The shared link /saathi-community-post/{id} opens for visitors too.
    'GET /posts/:postId': async (request) => posts.getPost(optionalUser(request)?.id ?? null, request.params.postId, request.query),
    'POST /posts/post-create': async (request) => {
      const caller = requireUser(request);
      const form = await readCreateForm(request, upload);
      return createPost(caller.id, form);
    },
    'DELETE /community-posts/:id': async (request) => {
      const keys = await posts.deletePost(requireUser(request).id, request.params.id);
      // Files go after the rows: a failed unlink leaves an orphan file, never a broken post.
      await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => request.log.warn({ reason: String(error) }, 'media delete failed'))));
      return { deleted: true as const };
    },
    'GET /posts/user-interaction/:userId': async (request) => posts.interaction(requireUser(request).id, request.params.userId),
    'POST /posts/:postId/report': async (request) => posts.report(requireUser(request).id, request.params.postId, request.body.reason, request.body.details),
  });
}
