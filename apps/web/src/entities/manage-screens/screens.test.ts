import { describe, expect, it } from 'vitest';
import { MANAGE_SCREENS, mayOpen, screensFor, type ManageScreen } from './screens';

const paths = (screens: readonly ManageScreen[]) => screens.map((screen) => screen.path);

/** A registry as later features make it: desks for editors and moderators beside the admin screens. */
const REGISTRY: ManageScreen[] = [
  { path: '/manage/users', titleKey: 'u', descriptionKey: 'u', roles: ['admin'] },
  { path: '/news/manage', titleKey: 'n', descriptionKey: 'n', roles: ['editor'] },
  { path: '/shorts-crud', titleKey: 's', descriptionKey: 's', roles: ['moderator'] },
  { path: '/both', titleKey: 'b', descriptionKey: 'b', roles: ['editor', 'moderator'] },
];

describe('the management screens a user may open', () => {
  it('gives an admin every screen, in the registry order', () => {
    expect(screensFor(['user', 'admin'], REGISTRY)).toEqual(REGISTRY);
    expect(screensFor(['user', 'admin'])).toEqual(MANAGE_SCREENS);
  });

  it('gives a plain user nothing, and copes with a user stored before roles existed', () => {
    for (const held of [['user'] as const, [] as const, undefined]) {
      expect(screensFor(held, REGISTRY)).toEqual([]);
      expect(screensFor(held)).toEqual([]);
    }
  });

  it('opens a screen to any of its roles, and to admins, never to other roles', () => {
    expect(paths(screensFor(['user', 'editor'], REGISTRY))).toEqual(['/news/manage', '/both']);
    expect(paths(screensFor(['user', 'moderator'], REGISTRY))).toEqual(['/shorts-crud', '/both']);
    expect(paths(screensFor(['user', 'editor', 'moderator'], REGISTRY))).toEqual(['/news/manage', '/shorts-crud', '/both']);
    expect(mayOpen({ roles: ['editor'] }, ['user'])).toBe(false);
    expect(mayOpen({ roles: ['admin'] }, ['user', 'editor', 'moderator'])).toBe(false);
  });

  it('keeps the roles, audit and service status screens to admins', () => {
    const adminOnly = ['/manage/users', '/manage/audit', '/manage/status'];
    expect(paths(MANAGE_SCREENS)).toEqual(expect.arrayContaining(adminOnly));
    for (const held of [['user', 'editor'] as const, ['user', 'moderator'] as const]) {
      for (const path of adminOnly) expect(paths(screensFor(held)), `${held.join()} ${path}`).not.toContain(path);
    }
    expect(new Set(paths(MANAGE_SCREENS)).size).toBe(MANAGE_SCREENS.length);
  });
});
