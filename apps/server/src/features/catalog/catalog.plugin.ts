import { createCommunityAccess } from '../../domain/community-access';
import type { FeaturePlugin } from '../../feature-plugin';
import { createCatalogRepository } from './catalog.repository';
import { catalogRoutes } from './catalog.routes';
import { createCatalogService } from './catalog.service';

/** Business catalogs and orders, behind the community's age gate; registered under /api. */
export const catalogPlugin: FeaturePlugin = async (app, { ctx }) => {
  const access = createCommunityAccess(ctx.dbRef, ctx.clock);
  catalogRoutes(app, { catalog: createCatalogService({ catalog: createCatalogRepository(ctx.dbRef), access }) });
};
