import multipart from '@fastify/multipart';
import { feedbackEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import { FEEDBACK_MULTIPART_LIMITS, readFeedbackForm } from './feedback-form';
import type { FeedbackService } from './feedback.service';

/** Sending and reading one's tickets, and the admins' inbox; its own context, with the multipart parser for the screenshot. */
export async function feedbackRoutes(app: FastifyInstance, { feedback }: { feedback: FeedbackService }): Promise<void> {
  await app.register(multipart, { limits: FEEDBACK_MULTIPART_LIMITS });
  registerEndpoints(app, feedbackEndpoints, {
    'POST /feedback': async (request) => {
      const caller = requireUser(request);
      return feedback.create(caller.id, await readFeedbackForm(request));
    },
    'GET /feedback/mine': async (request) => feedback.mine(requireUser(request).id),
    'GET /feedback': async (request) => feedback.inbox(request.query),
    'POST /feedback/:id/reply': async (request) => feedback.reply(requireUser(request), request.params.id, request.body),
  });
}
