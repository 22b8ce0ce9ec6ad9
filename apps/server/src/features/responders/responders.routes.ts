import multipart from '@fastify/multipart';
import { respondersEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import { readVerificationForm, VERIFICATION_MULTIPART_LIMITS } from './responders-form';
import type { RespondersService } from './responders.service';

/** Verification requests and the reviewers' calls; its own context, with the multipart parser for the document photo. */
export async function respondersRoutes(app: FastifyInstance, { responders }: { responders: RespondersService }): Promise<void> {
  await app.register(multipart, { limits: VERIFICATION_MULTIPART_LIMITS });
  registerEndpoints(app, respondersEndpoints, {
    'POST /responders/verification': async (request, reply) => {
      const caller = requireUser(request);
      const { fields, document } = await readVerificationForm(request);
      return reply.status(201).send(await responders.request(caller.id, fields, document));
    },
    'GET /responders/verification/me': async (request) => responders.mine(requireUser(request).id),
    'GET /responders/verifications': async (request) => responders.list(request.query.status),
    'GET /responders/verifications/:id/document': async (request, reply) => {
      const { stream, sizeBytes } = await responders.document(request.params.id);
      // Reviewers only, never cached anywhere; a stream bypasses the serializer.
      return reply.header('content-type', 'image/jpeg').header('content-length', String(sizeBytes)).header('cache-control', 'private, no-store').send(stream);
    },
    'POST /responders/verifications/:id/decide': async (request) =>
      responders.decide(requireUser(request), request.params.id, request.body.decision, request.body.reason || null),
    'POST /responders/verifications/:id/revoke': async (request) => responders.revoke(requireUser(request), request.params.id, request.body.reason),
  });
}
