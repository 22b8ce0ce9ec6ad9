import { incidentsEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { IncidentsService } from './incidents.service';

/** Incident reels (SPEC.md §7 `/incidents/*`). */
export function incidentsRoutes(app: FastifyInstance, { incidents }: { incidents: IncidentsService }): void {
  registerEndpoints(app, incidentsEndpoints, {
    'GET /incidents/reels': async (request) => {
      requireUser(request);
      return incidents.reels(request.query.page, request.query.pageSize);
    },
    'PATCH /incidents/reels/:id': async (request) => incidents.edit(requireUser(request).id, request.params.id, request.body),
    'POST /incidents/like-incident': async (request) => incidents.like(requireUser(request).id, request.body),
    'GET /incidents/check-like': async (request) => incidents.checkLike(requireUser(request).id, request.query),
    'POST /incidents/log-share': async (request) => incidents.logShare(requireUser(request).id, request.body),
    'GET /incidents/reels-comments': async (request) => {
      requireUser(request);
      return incidents.comments(request.query.incidentId, request.query.limit);
    },
    'POST /incidents/add-comment': async (request) => incidents.addComment(requireUser(request).id, request.body),
    'GET /incidents/get-presigned-url': async (request) => incidents.presign(requireUser(request).id, request.query.contentType),
    'POST /incidents/upload': async (request) => incidents.upload(requireUser(request).id, request.body),
  });
}
