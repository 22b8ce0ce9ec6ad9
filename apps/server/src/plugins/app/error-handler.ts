import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@saathi/shared';
import { AppError, BusyError, ChallengeRequiredError, ServiceStartingError, TooManyRequestsError } from '../../core/errors';
import { unknownFieldsMessage } from './strict-bodies';

/** The one error shape (@saathi/shared errors.ts): `code` can only be one of the closed list. */
type ErrorBody = ApiErrorBody;

/**
 * What an unexpected error may put in the log: never its query parameters (PGlite errors
 * carry them, and they can hold coordinates or phone numbers).
 */
function loggable(error: Error & { code?: unknown }) {
  return { type: error.name, message: error.message, code: error.code, stack: error.stack };
}

/** `/locations/0/location/coordinates/1` → `locations.0.location.coordinates.1`. */
function dottedPath(instancePath: string): string {
  return instancePath.split('/').filter(Boolean).join('.');
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Turns validation errors, our AppErrors and everything else into the one error shape. */
async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Unknown keys come first (strict-bodies.ts): all of them are named, each by its dotted
      // path; an unknown key fails at the object itself, so the key is added to the path.
      const unknown = error.validation.flatMap((issue) => {
        const keys = (issue.params as { keys?: unknown }).keys;
        if (issue.keyword !== 'unrecognized_keys' || !Array.isArray(keys)) return [];
        const path = dottedPath(issue.instancePath);
        return keys.map((key) => (path ? `${path}.${String(key)}` : String(key)));
      });
      if (unknown.length > 0) {
        return send(reply, 400, { error: { code: 'validation_error', message: unknownFieldsMessage(unknown), field: unknown[0]! } });
      }
      const first = error.validation[0];
      const field = dottedPath(first?.instancePath ?? '') || undefined;
      const message = first?.message ?? 'Invalid input';
      return send(reply, 400, { error: { code: 'validation_error', message, ...(field ? { field } : {}) } });
    }
    if (error instanceof AppError) {
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.params && Object.keys(error.params).length > 0) body.error.params = error.params;
      if (error.field) body.error.field = error.field;
      if (error instanceof ChallengeRequiredError) body.error.challenge = error.challenge;
      if ((error instanceof TooManyRequestsError || error instanceof BusyError) && error.retryAfterSeconds !== undefined) {
        body.error.retryAfterSeconds = error.retryAfterSeconds;
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      // "starting" is expected for a few seconds after boot, "busy" while overloaded (a metric
      // counts it); the request line records both.
      if (error.statusCode >= 500 && !(error instanceof ServiceStartingError) && !(error instanceof BusyError))
        request.log.warn({ code: error.code }, error.message);
      return send(reply, error.statusCode, body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: loggable(error), issues: error.cause.issues.map((i) => ({ path: i.path.join('.'), code: i.code })) },
        'response does not match its schema',
      );
      return send(reply, 500, { error: { code: 'internal_error', message: 'Something went wrong' } });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 429 ? 'too_many_requests' : 'bad_request';
      return send(reply, status, { error: { code, message: error.message } });
    }
    request.log.error({ err: loggable(error) }, 'unhandled error');
    return send(reply, 500, { error: { code: 'internal_error', message: 'Something went wrong' } });
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
