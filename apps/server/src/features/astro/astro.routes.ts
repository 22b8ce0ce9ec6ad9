import { astroEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../core/errors';
import { registerEndpoints, type Implementations } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { AstroService } from './astro.service';

export function astroRoutes(app: FastifyInstance, { astro }: { astro: AstroService }): void {
  registerEndpoints(app, astroEndpoints, {
    'POST /astro/charts': async (request) => astro.create(requireUser(request).id, request.body),
    'GET /astro/charts': async (request) => astro.list(requireUser(request).id),
    'GET /astro/charts/:id': async (request) => astro.get(requireUser(request).id, request.params.id),
    'DELETE /astro/charts/:id': async (request) => astro.remove(requireUser(request).id, request.params.id),
    'GET /astro/panchang': async (request) => {
      requireUser(request);
      return astro.panchang(request.query);
    },
    'POST /astro/charts/:id/ask': async (request) => astro.ask(requireUser(request).id, request.params.id, request.body),
  });
}

/**
 * ASTRO_AI_ENABLED=false: the same routes (the contract stays whole) answering 404
 * `not_found` before their input is read, so a caller learns nothing but that it is off.
 * The hook stays inside this feature's encapsulated context.
 */
export function astroDisabledRoutes(app: FastifyInstance): void {
  const notFound = async () => {
    throw new NotFoundError('The astrology assistant is turned off');
  };
  app.addHook('preValidation', notFound);
  const handlers = Object.fromEntries(Object.keys(astroEndpoints).map((key) => [key, notFound])) as unknown as Implementations<typeof astroEndpoints>;
  registerEndpoints(app, astroEndpoints, handlers);
}
