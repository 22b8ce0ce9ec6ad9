import { describe, expect, it } from 'vitest';
import { grantedRolesOf, hasManagementRole, hasRole, rolesWithUser } from './roles';

describe('roles', () => {
  it('lets a holder act in their role, an admin in every role, and nobody else', () => {
    expect(hasRole(['user', 'editor'], 'editor')).toBe(true);
    expect(hasRole(['user', 'editor'], 'moderator')).toBe(false);
    expect(hasRole(['user', 'editor'], 'admin')).toBe(false);
    expect(hasRole(['user', 'admin'], 'moderator')).toBe(true);
    expect(hasRole(['user'], 'editor')).toBe(false);
    expect(hasRole(['user'], 'user')).toBe(true);
    expect(hasRole(undefined, 'editor')).toBe(false);
  });

  it('says who has something to manage', () => {
    expect(hasManagementRole(['user'])).toBe(false);
    expect(hasManagementRole(undefined)).toBe(false);
    expect(hasManagementRole(['user', 'moderator'])).toBe(true);
  });

  it('keeps granted roles once each, in a fixed order, and always shows user', () => {
    expect(grantedRolesOf(['admin', 'user', 'editor', 'admin'])).toEqual(['editor', 'admin']);
    expect(rolesWithUser(['admin', 'editor'])).toEqual(['user', 'editor', 'admin']);
    expect(rolesWithUser([])).toEqual(['user']);
  });
});
