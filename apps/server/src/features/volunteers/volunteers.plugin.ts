import type { FeaturePlugin } from '../../feature-plugin';
import { createVolunteersDutyRepository } from './volunteers-duty.repository';
import { createVolunteersDutyService } from './volunteers-duty.service';
import { createVolunteersRepository } from './volunteers.repository';
import { volunteersRoutes } from './volunteers.routes';
import { createVolunteersService } from './volunteers.service';

/** Nearby volunteers, live location and the web app's public config; registered under /api. */
export const volunteersPlugin: FeaturePlugin = async (app, { ctx }) => {
  const { config } = ctx;
  const volunteers = createVolunteersService({
    volunteers: createVolunteersRepository(ctx.dbRef),
    nearbyLimiter: ctx.rateLimiter('nearby', config.volunteers.nearbyPerMinute),
    clock: ctx.clock,
  });
  volunteersRoutes(app, {
    volunteers,
    duty: createVolunteersDutyService({ duty: createVolunteersDutyRepository(ctx.dbRef), clock: ctx.clock }),
    publicConfig: {
      geocoderUrl: config.volunteers.geocoderUrl,
      mapTileUrl: config.map.tileUrl,
      mapTileAttribution: config.map.tileAttribution,
      grievanceOfficer: config.grievanceOfficer,
      features: { astroAi: config.astro.enabled },
    },
  });
};
