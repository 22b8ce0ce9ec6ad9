import { alertsEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { AlertsService } from './alerts.service';

export function alertsRoutes(app: FastifyInstance, { alerts }: { alerts: AlertsService }): void {
  registerEndpoints(app, alertsEndpoints, {
    'POST /alerts': async (request, reply) => reply.code(201).send(await alerts.report(requireUser(request).id, request.body)),
    'GET /alerts/nearby': async (request) => {
      const { latitude, longitude, radius } = request.query;
      return { items: await alerts.nearby(requireUser(request).id, { latitude, longitude }, radius) };
    },
    'GET /alerts/:id': async (request) => alerts.get(requireUser(request).id, request.params.id),
    'POST /alerts/:id/verify': async (request) => alerts.verify(requireUser(request).id, request.params.id),
    'POST /alerts/:id/resolve': async (request) => alerts.resolve(requireUser(request).id, request.params.id),
    'GET /users/me/alert-settings': async (request) => alerts.settings(requireUser(request).id),
    'PUT /users/me/alert-settings': async (request) => alerts.saveSettings(requireUser(request).id, request.body.categories, request.body.location),
  });
}
