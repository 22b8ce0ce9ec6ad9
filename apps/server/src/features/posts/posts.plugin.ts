import { createCommunityAccess } from '../../domain/community-access';
import type { FeaturePlugin } from '../../feature-plugin';
import { createEngagementRepository } from './engagement.repository';
import { engagementRoutes } from './engagement.routes';
import { createPostCreator } from './post-create';
import { postPageRoutes } from './post-page.routes';
import { createPostsRepository } from './posts.repository';
import { postsRoutes } from './posts.routes';
import { createPostsService } from './posts.service';
import { createUsageRepository } from './usage.repository';

/** Community posts and their engagement (likes, comments, shares, reports) wired from their parts; registered under /api. */
export const postsPlugin: FeaturePlugin = async (app, { ctx }) => {
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
  const upload = { imageMaxBytes: config.community.imageMaxBytes, uploadMaxBytes: config.community.uploadMaxBytes };

  // Its own context, the only one with the multipart parser (the create call needs it).
  await app.register(postsRoutes, { posts: service, createPost, storage, upload });
  engagementRoutes(app, { posts: service });
};

/** The public share link of a post (an HTML page with its preview tags); registered at the root, outside /api. */
export const postPagePlugin: FeaturePlugin = async (app, { ctx }) => {
  await app.register(postPageRoutes, { dbRef: ctx.dbRef, publicUrl: ctx.config.publicUrl, indexHtml: ctx.indexHtml });
};
