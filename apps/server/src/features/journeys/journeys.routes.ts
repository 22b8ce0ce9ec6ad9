import { journeysEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { JourneysService } from './journeys.service';

export function journeysRoutes(app: FastifyInstance, { journeys, kick }: { journeys: JourneysService; kick: () => void }): void {
  // As for the timer's check-in: the job behind an ending (a duress alert, an all-clear) starts
  // after the answer has gone, so the answer and its timing cannot tell the two PINs apart.
  app.addHook('onResponse', async (request) => {
    // A start kicks too: the contacts' SMS with the link go out at once.
    if (request.method === 'POST' && /^\/api\/journeys(\/\d+\/(arrive|ok))?$/.test(request.url)) setImmediate(kick);
  });

  registerEndpoints(app, journeysEndpoints, {
    'POST /journeys': async (request) => journeys.start(requireUser(request).id, request.body),
    'GET /journeys/current': async (request) => journeys.current(requireUser(request).id),
    'POST /journeys/:id/positions': async (request) => journeys.addPositions(requireUser(request).id, request.params.id, request.body),
    'POST /journeys/:id/arrive': async (request) => journeys.arrive(requireUser(request).id, request.params.id, request.body.pin),
    'POST /journeys/:id/ok': async (request) => journeys.ok(requireUser(request).id, request.params.id, request.body.pin),
    'POST /journeys/:id/extend': async (request) => journeys.extend(requireUser(request).id, request.params.id, request.body.minutes),
  });
}
