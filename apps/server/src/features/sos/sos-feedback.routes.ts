import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/app/auth';
import type { SosFeedbackService } from './sos-feedback.service';
import { sosFeedbackEndpoints } from '@saathi/shared/contract';
import { registerEndpoints } from '../../core/http/endpoints';

/** SPEC.md §7: the rating dialog's two calls, with SPEC.md's shapes. */
export function sosFeedbackRoutes(app: FastifyInstance, { feedback }: { feedback: SosFeedbackService }): void {
  registerEndpoints(app, sosFeedbackEndpoints, {
    'GET /sos/sos-accepted-users': async (request) => feedback.acceptedUsers(requireUser(request).id, request.query.userId, request.query.eventId),
    'POST /sos/feedback': async (request) => feedback.rate(requireUser(request).id, request.body.feedBackData),
  });
}
