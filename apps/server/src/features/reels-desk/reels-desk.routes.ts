import { reelsDeskEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { ReelsDeskService } from './reels-desk.service';

/** The reels desk (`/moderation/reels*`, moderators) and reporting a reel (any signed-in user). */
export function reelsDeskRoutes(app: FastifyInstance, { desk }: { desk: ReelsDeskService }): void {
  registerEndpoints(app, reelsDeskEndpoints, {
    'GET /moderation/reels': async (request) => desk.list(request.query),
    'POST /moderation/reels': async (request) => desk.addHosted(requireUser(request), request.body),
    'PATCH /moderation/reels/:id': async (request) => desk.edit(requireUser(request), request.params.id, request.body),
    'POST /moderation/reels/:id/hide': async (request) => desk.hide(requireUser(request), request.params.id, request.body.reason),
    'POST /moderation/reels/:id/restore': async (request) => desk.restore(requireUser(request), request.params.id, request.body.reason),
    'POST /moderation/reels/:id/delete': async (request) => desk.delete(requireUser(request), request.params.id, request.body.reason),
    'POST /incidents/reels/:id/report': async (request) => desk.report(requireUser(request).id, request.params.id, request.body.reason, request.body.details),
  });
}
