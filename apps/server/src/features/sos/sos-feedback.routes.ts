import { ErrorResponse, SosAcceptedUsersQuery, SosAcceptedUsersResponse, SosFeedbackBody, SosFeedbackResponse } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/auth';
import type { SosFeedbackService } from './sos-feedback.service';

/** SPEC.md §7: the rating dialog's two calls, with SPEC.md's shapes. */
export const sosFeedbackRoutes: FastifyPluginAsyncZod<{ feedback: SosFeedbackService }> = async (app, { feedback }) => {
  app.get(
    '/sos/sos-accepted-users',
    {
      schema: {
        tags: ['sos'],
        summary: "The volunteers who accepted one of the caller's SOS events, with the caller's ratings of them",
        querystring: SosAcceptedUsersQuery,
        response: { 200: SosAcceptedUsersResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => feedback.acceptedUsers(requireUser(request).id, request.query.userId, request.query.eventId),
  );

  app.post(
    '/sos/feedback',
    {
      schema: {
        tags: ['sos'],
        summary: "Rate a volunteer who accepted the caller's SOS (once per volunteer and event)",
        body: SosFeedbackBody,
        response: { 201: SosFeedbackResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await feedback.rate(requireUser(request).id, request.body.feedBackData)),
  );
};
