import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import type { DbRef } from '../../core/db/db-ref';
import type { Storage } from '../../core/storage';
import { createCatalogRepository } from '../catalog/catalog.repository';
import { catalogRoutes } from '../catalog/catalog.routes';
import { createCatalogService } from '../catalog/catalog.service';
import { createCommunityAccess } from '../posts/community-access';
import { createEngagementRepository } from '../posts/engagement.repository';
import { engagementRoutes } from '../posts/engagement.routes';
import { createPostCreator } from '../posts/post-create';
import { postPageRoutes } from '../posts/post-page.routes';
import { createPostsRepository } from '../posts/posts.repository';
import { postsRoutes } from '../posts/posts.routes';
import { createPostsService } from '../posts/posts.service';
import { createUsageRepository } from '../posts/usage.repository';

export interface CommunityOptions {
  config: Config;
  dbRef: DbRef;
  clock: Clock;
  webDistDir: string | undefined;
  /** The configured media store (core/storage createStorage). */
  storage: Storage;
}

/**
 * The community area (posts, engagement, catalog and orders) wired from its parts: `api`
 * goes under the `/api` prefix, `page` at the root (the public share link).
 */
export function createCommunity({ config, dbRef, clock, webDistDir, storage }: CommunityOptions) {
  const access = createCommunityAccess(dbRef, clock);
  const posts = createPostsRepository(dbRef);
  const usage = createUsageRepository(dbRef, config.community);
  const service = createPostsService({
    posts,
    engagement: createEngagementRepository(dbRef),
    usage,
    access,
    clock,
    feedRadiusKm: config.community.feedRadiusKm,
    reportHideThreshold: config.community.reportHideThreshold,
  });
  const createPost = createPostCreator({ posts, usage, service, access, storage, clock });
  const catalog = createCatalogService({ catalog: createCatalogRepository(dbRef), access });
  const upload = { imageMaxBytes: config.community.imageMaxBytes, uploadMaxBytes: config.community.uploadMaxBytes };

  return {
    async api(app: FastifyInstance): Promise<void> {
      await app.register(postsRoutes, { posts: service, createPost, storage, upload });
      await app.register(engagementRoutes, { posts: service });
      await app.register(catalogRoutes, { catalog });
    },
    async page(app: FastifyInstance): Promise<void> {
      await app.register(postPageRoutes, { dbRef, publicUrl: config.publicUrl, webDistDir });
    },
  };
}
