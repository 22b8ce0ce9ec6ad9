import {
  ErrorResponse,
  LiveLocationBody,
  LiveLocationResponse,
  PublicConfig,
  VolunteersNearbyQuery,
  VolunteersNearbyResponse,
} from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/auth';
import type { VolunteersService } from './volunteers.service';

export const volunteersRoutes: FastifyPluginAsyncZod<{ volunteers: VolunteersService; publicConfig: PublicConfig }> = async (
  app,
  { volunteers, publicConfig },
) => {
  app.get(
    '/community/volunteers-nearby',
    {
      schema: {
        tags: ['volunteers'],
        summary: 'Available volunteers within range, nearest first, at the centre of their ~250 m grid cell',
        querystring: VolunteersNearbyQuery,
        response: { 200: VolunteersNearbyResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => volunteers.findNearby(requireUser(request).id, request.query.location, request.query.range),
  );

  app.post(
    '/volunteers/me/location',
    {
      schema: {
        tags: ['volunteers'],
        summary: "The device position of a volunteer sharing a live location (kept only while they share it)",
        body: LiveLocationBody,
        response: { 200: LiveLocationResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => volunteers.updateLiveLocation(requireUser(request).id, request.body),
  );

  app.get(
    '/config/public',
    {
      schema: {
        tags: ['config'],
        summary: 'Run-time settings of the web app (place search URL)',
        response: { 200: PublicConfig },
      },
    },
    async () => publicConfig,
  );
};
