import type { FastifyPluginAsync } from 'fastify';
import type { DbRef } from '../../core/db/db-ref';
import type { MediaStorage } from '../../core/storage';
import { createIncidentsRepository } from './incidents.repository';
import { incidentsRoutes } from './incidents.routes';
import { createIncidentsService } from './incidents.service';
import { createKeyResolver } from './reel-upload-check';

export interface IncidentsPluginOptions {
  dbRef: DbRef;
  storage: MediaStorage;
  maxBytes: number;
  publicUrl: string;
}

/** Wires the reels feature; registered under /api. */
export const incidentsPlugin: FastifyPluginAsync<IncidentsPluginOptions> = async (app, { dbRef, storage, maxBytes, publicUrl }) => {
  const keyOf = await createKeyResolver(storage, publicUrl);
  const incidents = createIncidentsService({ incidents: createIncidentsRepository(dbRef), storage, maxBytes, keyOf });
  await app.register(incidentsRoutes, { incidents });
};
