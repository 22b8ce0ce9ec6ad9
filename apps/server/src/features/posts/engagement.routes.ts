import { engagementEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { optionalUser, requireUser } from '../../plugins/app/auth';
import type { PostsService } from './posts.service';

/** Likes, comments and shares of posts (SPEC.md §7). */
export function engagementRoutes(app: FastifyInstance, { posts }: { posts: PostsService }): void {
  registerEndpoints(app, engagementEndpoints, {
    'POST /posts/:postId/like': async (request) => posts.like(requireUser(request).id, request.params.postId, request.body),
    'POST /posts/:postId/unlike': async (request) => posts.unlike(requireUser(request).id, request.params.postId, request.body),
    'GET /community-posts/:postId/like/:userId': async (request) => posts.checkLike(requireUser(request).id, request.params.postId, request.params.userId),
    'GET /posts/:postId/likes': async (request) => {
      const { page, limit, pageSize } = request.query;
      return posts.likes(requireUser(request).id, request.params.postId, page, limit ?? pageSize ?? 10);
    },
    // Readable by visitors (access 'optional'); adding one needs sign-in.
    'GET /posts/:postId/comments': async (request) =>
      posts.comments(optionalUser(request)?.id ?? null, request.params.postId, request.query.page, request.query.pageSize),
    'POST /posts/:postId/comments': async (request) => posts.addComment(requireUser(request).id, request.params.postId, request.body),
    'DELETE /comments/:id': async (request) => {
      await posts.deleteComment(requireUser(request).id, request.params.id);
      return { deleted: true as const };
    },
    'POST /posts/delete-comment': async (request) => {
      await posts.deleteComment(requireUser(request).id, request.body.commentId, request.body);
      return { deleted: true as const };
    },
    'POST /posts/:postId/share': async (request) => posts.share(requireUser(request).id, request.params.postId),
  });
}
