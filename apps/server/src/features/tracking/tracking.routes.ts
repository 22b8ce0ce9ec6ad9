import { trackingEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../core/clock';
import { sha256Hex } from '../../core/crypto';
import { AppError, NotFoundError } from '../../core/errors';
import { registerEndpoints } from '../../core/http/endpoints';
import { firstName, mapsUrl } from '../sos';
import type { TrackingRepository } from './tracking.repository';

/**
 * The live-tracking page of contacts without the app (`/track/<token>`): public, the token
 * is the credential; it stops working (410) when the event ends or the link expires.
 */
export function trackingRoutes(app: FastifyInstance, { tracking, clock }: { tracking: TrackingRepository; clock: Clock }): void {
  registerEndpoints(app, trackingEndpoints, {
    'GET /track/:token': async (request, reply) => {
      const now = clock();
      const found = await tracking.findByTokenHash(sha256Hex(request.params.token));
      if (!found) throw new NotFoundError('This tracking link is not valid');
      if (found.journeyArrived) throw new AppError('journey_arrived', `${firstName(found.victimName) ?? 'They'} arrived safely; the journey has ended`);
      if (found.revoked || found.status !== 'active' || found.expiresAt <= now) {
        throw new AppError('link_expired', 'This SOS has ended; the tracking link no longer works');
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
        responders: found.responders ?? [],
        ...(found.journey && {
          journey: {
            destination: found.journey.destination,
            mode: found.journey.mode,
            expectedArrivalAt: found.journey.expectedArrivalAt.toISOString(),
            path: found.journey.path.map((p) => ({ latitude: p.latitude, longitude: p.longitude, at: p.at.toISOString() })),
          },
        }),
      };
    },
  });
}
