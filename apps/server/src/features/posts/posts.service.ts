import { nextIndiaMidnight, type CommunityPost, type FeedQuery, type InteractionLimits, type PostComment } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { assertSelf, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../core/errors';
import type { CallerWithDob, CommunityAccess } from '../../domain/community-access';
import type { EngagementRepository } from './engagement.repository';
import { toCommunityPost, toPostComment } from './posts.mapper';
import type { PostsRepository, Reader } from './posts.repository';
import type { UsageKind, UsageRepository } from './usage.repository';

export interface PostsServiceDeps {
  posts: PostsRepository;
  engagement: EngagementRepository;
  usage: UsageRepository;
  access: CommunityAccess;
  clock: Clock;
  feedRadiusKm: number;
  reportHideThreshold: number;
}

/** SPEC.md §5 messages for the daily limits. */
export const LIMIT_MESSAGES: Record<UsageKind, (limit: number) => string> = {
  posts: (limit) => `You've reached your daily post limit of ${limit} posts`,
  likes: () => 'You have reached your daily like limit',
  comments: () => 'You have reached your daily comment limit',
};

/** Seconds until the next midnight in India, when the counters reset. */
export function secondsToIndiaMidnight(now: Date): number {
  return Math.max(1, Math.ceil((nextIndiaMidnight(now).getTime() - now.getTime()) / 1000));
}

/**
 * SPEC.md §2 lets visitors read the community; anyone signed in passes the age gate first
 * (under 13: 403). `caller` null is a visitor.
 */
async function assertReader(access: CommunityAccess, caller: number | CallerWithDob | null): Promise<void> {
  if (caller !== null) await access.assertAllowed(caller);
}

/**
 * Where a visitor's feed is ranked and cut at the radius from: their point on a 0.01° grid
 * (about 1.1 km). Visitors are anonymous and many, so probing the radius edge from chosen
 * spots must not locate a post whose author hid its location better than that.
 */
export function visitorRankingPoint(point: { latitude?: number | undefined; longitude?: number | undefined }) {
  const snap = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100) / 100);
  return { latitude: snap(point.latitude), longitude: snap(point.longitude) };
}

export function createPostsService(deps: PostsServiceDeps) {
  const { posts, engagement, usage, access, clock } = deps;

  /** The post if the caller may see it: active and not reported by them (authors always see theirs; visitors only active ones). */
  async function visiblePost(postId: number, callerId: number | null): Promise<{ userId: number }> {
    const post = await posts.ownerOf(postId);
    if (!post) throw new NotFoundError('Post not found', 'post_not_found');
    if (callerId !== null && post.userId === callerId) return post;
    if (post.status !== 'active' || (callerId !== null && (await posts.reportedBy(postId, callerId))))
      throw new NotFoundError('Post not found', 'post_not_found');
    return post;
  }

  function limitError(kind: UsageKind, limit: number): TooManyRequestsError {
    const seconds = secondsToIndiaMidnight(clock());
    return new TooManyRequestsError(LIMIT_MESSAGES[kind](limit), seconds, 'daily_limit_reached', { limit, seconds });
  }

  /** Runs `action` and counts it in one transaction; over the limit nothing is written. */
  async function counted<T>(
    userId: number,
    kind: UsageKind,
    action: (trx: Parameters<Parameters<EngagementRepository['transaction']>[0]>[0]) => Promise<T>,
  ): Promise<T> {
    const refused = Symbol('refused');
    let limit = 0;
    const result = await engagement
      .transaction(async (trx) => {
        const value = await action(trx);
        const outcome = await usage.tryCount(trx, userId, kind, clock());
        if (outcome.refusedAt !== undefined) {
          limit = outcome.refusedAt;
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a private sentinel that rolls the transaction back; the catch below turns it into limitError
          throw refused;
        }
        return value;
      })
      .catch((error: unknown) => {
        if (error === refused) throw limitError(kind, limit);
        throw error;
      });
    return result;
  }

  return {
    counted,
    limitError,

    /**
     * A page of the feed; `caller` null is a visitor (no distance to posts with a hidden
     * location). The caller's dob comes with them: the busiest read makes no query for the age gate.
     */
    async feed(caller: CallerWithDob | null, query: FeedQuery): Promise<{ data: CommunityPost[]; page: number; limit: number; hasMore: boolean }> {
      await assertReader(access, caller);
      const callerId = caller?.id ?? null;
      const reader: Reader = { userId: callerId, latitude: query.latitude, longitude: query.longitude };
      const ranking: Reader = callerId === null ? { userId: null, ...visitorRankingPoint(query) } : reader;
      const ids = await posts.feedIds(ranking, {
        prompt: query.prompt,
        businessCategory: query.businessCategory,
        authorId: query.userId,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        radiusM: deps.feedRadiusKm * 1000,
        now: clock(),
      });
      const rows = await posts.hydrate(ids, reader);
      return { data: rows.map((row) => toCommunityPost(row, callerId)), page: query.page, limit: query.limit, hasMore: ids.length === query.limit };
    },

    async getPost(callerId: number | null, postId: number, point: { latitude?: number | undefined; longitude?: number | undefined }): Promise<CommunityPost> {
      await assertReader(access, callerId);
      await visiblePost(postId, callerId);
      const [row] = await posts.hydrate([postId], { userId: callerId, ...point });
      if (!row) throw new NotFoundError('Post not found', 'post_not_found');
      return toCommunityPost(row, callerId);
    },

    async deletePost(callerId: number, postId: number): Promise<string[]> {
      await access.assertAllowed(callerId);
      const post = await posts.ownerOf(postId);
      if (!post) throw new NotFoundError('Post not found', 'post_not_found');
      if (post.userId !== callerId) throw new ForbiddenError('You can only delete your own posts', 'post_not_yours');
      return posts.delete(postId);
    },

    async interaction(callerId: number, userId: number): Promise<InteractionLimits> {
      assertSelf(callerId, userId);
      await access.assertAllowed(callerId);
      const { limits, used } = await usage.usage(callerId, clock());
      return { ...limits, usedLikeCount: used.likes, usedCommentCount: used.comments, usedPostCount: used.posts };
    },

    async like(callerId: number, postId: number, body: { userId?: number | undefined; postId?: number | undefined }) {
      assertSelf(callerId, body.userId);
      if (body.postId !== undefined && body.postId !== postId) throw new ValidationError('postId does not match the path', 'postId');
      await access.assertAllowed(callerId);
      await visiblePost(postId, callerId);
      // Liking an already liked post is not a new like: it neither counts nor meets the limit.
      if (await engagement.isLiked(postId, callerId)) return { liked: true, likesCount: (await engagement.counts(postId)).likes };
      await counted(callerId, 'likes', async (trx) => {
        if (!(await engagement.like(trx, postId, callerId))) throw new AlreadyLiked();
      }).catch((error: unknown) => {
        if (!(error instanceof AlreadyLiked)) throw error;
      });
      return { liked: true, likesCount: (await engagement.counts(postId)).likes };
    },

    async unlike(callerId: number, postId: number, body: { userId?: number | undefined; postId?: number | undefined }) {
      assertSelf(callerId, body.userId);
      if (body.postId !== undefined && body.postId !== postId) throw new ValidationError('postId does not match the path', 'postId');
      await access.assertAllowed(callerId);
      await visiblePost(postId, callerId);
      await engagement.unlike(postId, callerId);
      return { liked: false, likesCount: (await engagement.counts(postId)).likes };
    },

    async checkLike(callerId: number, postId: number, userId: number): Promise<{ liked: boolean }> {
      assertSelf(callerId, userId);
      await access.assertAllowed(callerId);
      await visiblePost(postId, callerId);
      return { liked: await engagement.isLiked(postId, callerId) };
    },

    async likes(callerId: number, postId: number, page: number, limit: number) {
      await access.assertAllowed(callerId);
      await visiblePost(postId, callerId);
      const { rows, total } = await engagement.likes(postId, (page - 1) * limit, limit);
      return {
        likes: rows.map((r) => ({ id: r.id, createdAt: r.created_at_text, user: { id: r.user_id, name: r.name ?? '', avatar: r.avatar } })),
        totalPages: Math.ceil(total / limit),
      };
    },

    async comments(callerId: number | null, postId: number, page: number, pageSize: number): Promise<PostComment[]> {
      await assertReader(access, callerId);
      await visiblePost(postId, callerId);
      return (await engagement.comments(postId, (page - 1) * pageSize, pageSize, callerId)).map(toPostComment);
    },

    async addComment(
      callerId: number,
      postId: number,
      body: { content: string; postId?: number | undefined; userId?: number | undefined },
    ): Promise<PostComment> {
      assertSelf(callerId, body.userId);
      if (body.postId !== undefined && body.postId !== postId) throw new ValidationError('postId does not match the path', 'postId');
      await access.assertAllowed(callerId);
      await access.assertMayPublish(callerId);
      await visiblePost(postId, callerId);
      const row = await counted(callerId, 'comments', (trx) => engagement.addComment(trx, postId, callerId, body.content));
      return toPostComment(row);
    },

    async deleteComment(callerId: number, commentId: number, expected: { userId?: number | undefined; postId?: number | undefined } = {}): Promise<void> {
      assertSelf(callerId, expected.userId);
      await access.assertAllowed(callerId);
      const comment = await engagement.comment(commentId);
      if (!comment || (expected.postId !== undefined && comment.postId !== expected.postId)) throw new NotFoundError('Comment not found', 'comment_not_found');
      if (comment.userId !== callerId) throw new ForbiddenError('You can only delete your own comments', 'comment_not_yours');
      await engagement.deleteComment(commentId);
    },

    async share(callerId: number, postId: number): Promise<{ sharesCount: number }> {
      await access.assertAllowed(callerId);
      await visiblePost(postId, callerId);
      return { sharesCount: await engagement.share(postId, callerId) };
    },

    async report(callerId: number, postId: number, reason: string, details: string | undefined): Promise<{ reported: true; hidden: boolean }> {
      await access.assertAllowed(callerId);
      const post = await visiblePost(postId, callerId);
      if (post.userId === callerId) throw new ValidationError('You cannot report your own post', undefined, 'own_post_report');
      const hidden = await engagement.report(postId, callerId, post.userId, reason, details ?? null, deps.reportHideThreshold);
      return { reported: true, hidden };
    },
  };
}

class AlreadyLiked extends Error {}

export type PostsService = ReturnType<typeof createPostsService>;
