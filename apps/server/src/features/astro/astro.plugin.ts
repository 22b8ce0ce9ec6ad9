import type { FeaturePlugin } from '../../feature-plugin';
import { createAstroRepository } from './astro.repository';
import { astroDisabledRoutes, astroRoutes } from './astro.routes';
import { createAstroService } from './astro.service';

/** The astrology assistant: birth charts, panchang and questions (issue #18); registered under /api. */
export const astroPlugin: FeaturePlugin = async (app, { ctx }) => {
  const { config } = ctx;
  if (!config.astro.enabled) {
    astroDisabledRoutes(app);
    return;
  }
  astroRoutes(app, {
    astro: createAstroService({ charts: createAstroRepository(ctx.dbRef), clock: ctx.clock, log: ctx.log, llm: config.astro.llm }),
  });
};
