import { ErrorResponse, TrackingParams, TrackingView } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../core/clock';
import { sha256Hex } from '../../core/crypto';
import { AppError, NotFoundError } from '../../core/errors';
import { firstName, mapsUrl } from '../sos/sos.texts';
import type { TrackingRepository } from './tracking.repository';

/**
 * The live-tracking page of contacts without the app (`/track/<token>`): public, the token
 * is the credential; it stops working (410) when the event ends or the link expires.
 */
export const trackingRoutes: FastifyPluginAsyncZod<{ tracking: TrackingRepository; clock: Clock }> = async (app, { tracking, clock }) => {
  app.get(
    '/track/:token',
    {
      schema: {
        tags: ['sos'],
        summary: "Public: an SOS event's status and live location for a contact's tracking link",
        params: TrackingParams,
        response: { 200: TrackingView, 400: ErrorResponse, 404: ErrorResponse, 410: ErrorResponse },
      },
    },
    async (request, reply) => {
      const now = clock();
      const found = await tracking.findByTokenHash(sha256Hex(request.params.token));
      if (!found) throw new NotFoundError('This tracking link is not valid');
      if (found.revoked || found.status !== 'active' || found.expiresAt <= now) {
        throw new AppError(410, 'link_expired', 'This SOS has ended; the tracking link no longer works');
      }
      await tracking.touch(found.tokenId, now);
      reply.header('cache-control', 'no-store');
      return {
        status: found.status,
        firstName: firstName(found.victimName),
        threat: found.threat,
        createdAt: found.createdAt.toISOString(),
        location: { latitude: found.latitude, longitude: found.longitude, accuracy: found.accuracy, at: found.at.toISOString() },
        mapsUrl: mapsUrl(found.latitude, found.longitude),
      };
    },
  );
};
