import { describe, expect, it } from 'vitest';
import { checkPermissions, combine } from './permission-checker';

function permissionsWith(states: Record<string, PermissionState | 'throw'>): Pick<Permissions, 'query'> {
  return {
    query: async ({ name }: PermissionDescriptor) => {
      const state = states[name];
      if (!state || state === 'throw') throw new TypeError(`unknown permission ${name}`);
      return { state } as PermissionStatus;
    },
  };
}

describe('the permission checker', () => {
  it('reports each permission and all granted only when every one is', async () => {
    const all = await checkPermissions({
      permissions: permissionsWith({ geolocation: 'granted', camera: 'granted', microphone: 'granted' }),
      notificationPermission: 'granted',
    });
    expect(all).toEqual({ location: 'granted', camera: 'granted', microphone: 'granted', notifications: 'granted', allGranted: true });

    const some = await checkPermissions({
      permissions: permissionsWith({ geolocation: 'denied', camera: 'prompt', microphone: 'granted' }),
      notificationPermission: 'default',
    });
    expect(some).toEqual({ location: 'denied', camera: 'prompt', microphone: 'granted', notifications: 'prompt', allGranted: false });
  });

  it('treats permissions the browser cannot query as unsupported, not denied', async () => {
    const report = await checkPermissions({ permissions: permissionsWith({ geolocation: 'granted', camera: 'throw', microphone: 'throw' }) });
    expect(report).toMatchObject({ camera: 'unsupported', microphone: 'unsupported', notifications: 'unsupported', allGranted: false });
    expect(await checkPermissions({})).toMatchObject({ location: 'unsupported' });
  });

  it('recomputes the combined flag', () => {
    expect(combine({ location: 'granted', camera: 'granted', microphone: 'granted', notifications: 'denied' }).allGranted).toBe(false);
  });
});
