import { usersEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { UsersService } from './users.service';

export function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }): void {
  registerEndpoints(app, usersEndpoints, {
    'GET /users/me': async (request) => users.getUser(requireUser(request).id),
    'PATCH /users/me': async (request) => users.updateUser(requireUser(request).id, request.body),
  });
}
