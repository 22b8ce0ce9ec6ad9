import type { SosEventOwnerView } from '@saathi/shared';
import { sosEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { SosService } from './sos.service';

export function sosRoutes(app: FastifyInstance, { sos }: { sos: SosService }): void {
  registerEndpoints(app, sosEndpoints, {
    'POST /sos': async (request, reply) => {
      const { created, view } = await sos.raise(requireUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(view);
    },
    'GET /sos/:id': async (request) => sos.view(requireUser(request).id, request.params.id),
    'POST /sos/:id/location': async (request) => sos.updateLocation(requireUser(request).id, request.params.id, request.body),
    'POST /sos/:id/resolve': async (request) => (await sos.end(requireUser(request).id, request.params.id, 'resolved')) as SosEventOwnerView,
    'POST /sos/:id/cancel': async (request) => (await sos.end(requireUser(request).id, request.params.id, 'cancelled')) as SosEventOwnerView,
    'POST /sos/:id/accept': async (request) => sos.accept(requireUser(request).id, request.params.id, request.body),
    'POST /sos/:id/decline': async (request) => sos.decline(requireUser(request).id, request.params.id, request.body?.reason ?? null),
    'POST /sos/:id/status': async (request) => sos.setSceneStatus(requireUser(request).id, request.params.id, request.body),
    'POST /sos/practice': async (request, reply) => {
      const { created, view } = await sos.practice(requireUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(view);
    },
  });
}
