import { GRANTED_ROLES, ROLES, type GrantedRole, type Role } from '../constants';

export type { GrantedRole, Role };

/**
 * Whether someone holding `held` may act as `required`: they hold it, or they are an admin
 * (admin may do everything). The server's auth hook and the web app's menus ask the same.
 */
export function hasRole(held: readonly Role[] | undefined, required: Role): boolean {
  if (required === 'user') return true;
  return !!held && (held.includes(required) || held.includes('admin'));
}

/** Whether the user holds any role beyond `user`, i.e. has something to manage. */
export function hasManagementRole(held: readonly Role[] | undefined): boolean {
  return !!held && held.some((role) => role !== 'user');
}

/** The granted roles among `roles`, once each, in the order of ROLES. */
export function grantedRolesOf(roles: readonly string[]): GrantedRole[] {
  return GRANTED_ROLES.filter((role) => roles.includes(role));
}

/** A user's full role list as the API shows it: `user`, then the granted ones in ROLES order. */
export function rolesWithUser(granted: readonly string[]): Role[] {
  return ROLES.filter((role) => role === 'user' || granted.includes(role));
}
