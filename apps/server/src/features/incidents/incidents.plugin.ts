import type { FeaturePlugin } from '../../feature-plugin';
import { createIncidentsRepository } from './incidents.repository';
import { incidentsRoutes } from './incidents.routes';
import { createIncidentsService } from './incidents.service';
import { createKeyResolver } from './reel-upload-check';

/** Wires the reels feature; registered under /api. */
export const incidentsPlugin: FeaturePlugin = async (app, { ctx }) => {
  const { storage, config } = ctx;
  const keyOf = await createKeyResolver(storage, config.publicUrl);
  const incidents = createIncidentsService({ incidents: createIncidentsRepository(ctx.dbRef), storage, maxBytes: config.reels.maxBytes, keyOf });
  incidentsRoutes(app, { incidents });
};
