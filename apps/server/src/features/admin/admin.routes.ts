import { adminEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { AdminService } from './admin.service';
import type { OperationsStatusService } from './operations-status.service';

export function adminRoutes(app: FastifyInstance, { admin, operations }: { admin: AdminService; operations: OperationsStatusService }): void {
  registerEndpoints(app, adminEndpoints, {
    'PUT /users/:id/roles': async (request) => admin.setRoles(requireUser(request), request.params.id, request.body.roles),
    'GET /admin/users': async (request) => admin.findUsers(request.query.query, request.query.cursor),
    'GET /admin/audit': async (request) => admin.audit(request.query),
    'GET /admin/status': async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return operations.status();
    },
  });
}
