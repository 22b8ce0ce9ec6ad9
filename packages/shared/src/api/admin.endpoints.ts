import { AdminUsersPage, AdminUsersQuery, AuditPage, AuditQuery, SetUserRolesBody, UserRoles } from '../schemas/admin';
import { defineEndpoints } from './endpoint';

/**
 * Running Saathi: who holds which role, and the append-only audit log of every management
 * action. Admins only; the auth hook refuses anyone else before reading the request.
 */
export const adminEndpoints = defineEndpoints('admin', {
  'PUT /users/:id/roles': {
    summary: "Admin: set a user's roles (applies from their next request); the last admin cannot lose the role",
    access: 'admin',
    body: SetUserRolesBody,
    responses: { 200: UserRoles },
    errors: ['user_not_found', 'last_admin'],
  },
  'GET /admin/users': {
    summary: 'Admin: find users by the start of their name (or a word of it) or phone number, with their roles',
    access: 'admin',
    query: AdminUsersQuery,
    responses: { 200: AdminUsersPage },
  },
  'GET /admin/audit': {
    summary: 'Admin: the audit log, newest first, filtered by actor, action and target',
    access: 'admin',
    query: AuditQuery,
    responses: { 200: AuditPage },
  },
});
