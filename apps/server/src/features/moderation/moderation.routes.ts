import { moderationEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { ModerationService } from './moderation.service';

/** The moderation desk (`/moderation/*`), the author's appeals, and reporting a comment. */
export function moderationRoutes(app: FastifyInstance, { moderation }: { moderation: ModerationService }): void {
  registerEndpoints(app, moderationEndpoints, {
    'GET /moderation/queue': async (request) => moderation.queue(request.query),
    'POST /moderation/acknowledgements': async (request) => moderation.acknowledge(requireUser(request), request.body),
    'POST /moderation/decisions': async (request) => moderation.decide(requireUser(request), request.body),
    'GET /moderation/decisions/mine': async (request) => moderation.mine(requireUser(request).id),
    'POST /moderation/appeals': async (request) => moderation.appeal(requireUser(request), request.body),
    'POST /moderation/appeals/:id/decide': async (request) => moderation.decideAppeal(requireUser(request), request.params.id, request.body),
    'POST /comments/:id/report': async (request) =>
      moderation.reportComment(requireUser(request).id, request.params.id, request.body.reason, request.body.details),
  });
}
