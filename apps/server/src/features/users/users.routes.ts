import { ErrorResponse, UpdateUserBody, User } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/auth';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: User, 401: ErrorResponse },
      },
    },
    async (request) => users.getUser(requireUser(request).id),
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the signed-in user; emergencyContacts and locations replace the stored lists',
        body: UpdateUserBody,
        response: { 200: User, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => users.updateUser(requireUser(request).id, request.body),
  );
};
