import { type PublicConfig } from '@saathi/shared';
import { volunteersEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { VolunteersDutyService } from './volunteers-duty.service';
import type { VolunteersService } from './volunteers.service';

export function volunteersRoutes(
  app: FastifyInstance,
  { volunteers, duty, publicConfig }: { volunteers: VolunteersService; duty: VolunteersDutyService; publicConfig: PublicConfig },
): void {
  registerEndpoints(app, volunteersEndpoints, {
    'GET /community/volunteers-nearby': async (request) => volunteers.findNearby(requireUser(request).id, request.query.location, request.query.range),
    'POST /volunteers/me/location': async (request) => volunteers.updateLiveLocation(requireUser(request).id, request.body),
    'GET /volunteers/me/duty': async (request) => duty.read(requireUser(request).id),
    'PUT /volunteers/me/duty': async (request) => duty.update(requireUser(request).id, request.body),
    'GET /config/public': async () => publicConfig,
  });
}
