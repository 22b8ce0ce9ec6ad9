import { AdminUsersPage, AdminUsersQuery, AuditPage, AuditQuery, OperationsStatus, SetUserRolesBody, UserRoles } from '../schemas/admin';
import { defineEndpoints, ok } from './endpoint';

/**
 * Running Saathi: who holds which role, and the append-only audit log of every management
 * action. Admins only; the auth hook refuses anyone else before reading the request.
 */
export const adminEndpoints = defineEndpoints('admin', {
  'PUT /users/:id/roles': ok(UserRoles, { access: 'admin', body: SetUserRolesBody, errors: ['user_not_found', 'last_admin'] }).summary(
    "Admin: set a user's roles (applies from their next request); the last admin cannot lose the role",
  ),
  'GET /admin/users': ok(AdminUsersPage, { access: 'admin', query: AdminUsersQuery }).summary(
    'Admin: find users by the start of their name (or a word of it) or phone number, with their roles',
  ),
  'GET /admin/audit': ok(AuditPage, { access: 'admin', query: AuditQuery }).summary('Admin: the audit log, newest first, filtered by actor, action and target'),
  'GET /admin/status': ok(OperationsStatus, { access: 'admin' }).summary(
    'Admin: the last hour at a glance (SOS raised and their fan-out times, the delivery queue, deliveries by channel), the same from every process',
  ),
});
