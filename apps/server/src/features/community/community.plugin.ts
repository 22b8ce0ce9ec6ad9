import type { FeaturePlugin } from '../../feature-plugin';
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

/** The community area (posts, engagement, catalog and orders) wired from its parts; registered under /api. */
export const communityPlugin: FeaturePlugin = async (app, { ctx }) => {
  const { config, dbRef, clock, storage } = ctx;
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

  // Its own context, the only one with the multipart parser (the create call needs it).
  await app.register(postsRoutes, { posts: service, createPost, storage, upload });
  engagementRoutes(app, { posts: service });
  catalogRoutes(app, { catalog });
};

/** The public share link of a post (an HTML page with its preview tags); registered at the root, outside /api. */
export const communityPagePlugin: FeaturePlugin = async (app, { ctx }) => {
  await app.register(postPageRoutes, { dbRef: ctx.dbRef, publicUrl: ctx.config.publicUrl, indexHtml: ctx.indexHtml });
};
