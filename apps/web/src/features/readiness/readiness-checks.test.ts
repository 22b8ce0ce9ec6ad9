import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSavedLocation } from '../../test/user';
import { askPermission, browserFamily, profileGaps, readOfflineReadiness, readPermissions, worksOffline } from './readiness-checks';

function stubNavigator(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) Object.defineProperty(navigator, key, { value, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const key of ['permissions', 'geolocation', 'mediaDevices', 'serviceWorker']) {
    Reflect.deleteProperty(navigator, key);
  }
});

describe('readPermissions', () => {
  it('reads each permission from the Permissions API, and notifications from Notification.permission', async () => {
    const query = vi.fn(async ({ name }: { name: string }) => ({ state: name === 'geolocation' ? 'granted' : 'denied' }));
    stubNavigator({ permissions: { query }, geolocation: {}, mediaDevices: { getUserMedia: vi.fn() } });
    vi.stubGlobal('Notification', { permission: 'default' });
    expect(await readPermissions()).toEqual({ geolocation: 'granted', camera: 'denied', microphone: 'denied', notifications: 'prompt' });
    expect(query).not.toHaveBeenCalledWith({ name: 'notifications' });
  });

  it('says unknown where the browser does not know the name (Safari, Firefox) and unsupported where the feature is missing', async () => {
    const query = vi.fn(async ({ name }: { name: string }) => {
      if (name === 'camera') throw new TypeError("'camera' is not a valid value for enumeration PermissionName");
      return { state: 'prompt' };
    });
    stubNavigator({ permissions: { query }, mediaDevices: { getUserMedia: vi.fn() } });
    vi.stubGlobal('Notification', undefined);
    expect(await readPermissions()).toEqual({ geolocation: 'unsupported', camera: 'unknown', microphone: 'prompt', notifications: 'unsupported' });
  });
});

describe('askPermission', () => {
  it('asks for the camera and releases it at once', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }));
    stubNavigator({ mediaDevices: { getUserMedia } });
    expect(await askPermission('camera', vi.fn())).toBe('granted');
    expect(getUserMedia).toHaveBeenCalledWith({ video: true });
    expect(stop).toHaveBeenCalled();
  });

  it('reports a refused microphone as denied', async () => {
    stubNavigator({ mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))) } });
    expect(await askPermission('microphone', vi.fn())).toBe('denied');
  });

  it('asks for location; a timeout is not a refusal', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 3, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    stubNavigator({ geolocation: { getCurrentPosition } });
    expect(await askPermission('geolocation', vi.fn())).toBe('granted');
    getCurrentPosition.mockImplementation((_ok, fail) => fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError));
    expect(await askPermission('geolocation', vi.fn())).toBe('denied');
  });

  it('turns notifications on through the push subscription flow', async () => {
    const notification = { permission: 'default' };
    vi.stubGlobal('Notification', notification);
    const enable = vi.fn(async () => {
      notification.permission = 'granted';
    });
    expect(await askPermission('notifications', enable)).toBe('granted');
    expect(enable).toHaveBeenCalledOnce();
  });
});

describe('offline readiness', () => {
  it('is ready when a service worker controls the page and caches are filled', async () => {
    stubNavigator({ serviceWorker: { controller: {} } });
    vi.stubGlobal('caches', { keys: async () => ['workbox-precache-v2', 'sos-shell'] });
    const offline = await readOfflineReadiness();
    expect(offline).toEqual({ controlled: true, cacheCount: 2 });
    expect(worksOffline(offline)).toBe(true);
  });

  it('is not ready without a controlling worker or without caches', async () => {
    stubNavigator({ serviceWorker: { controller: null } });
    vi.stubGlobal('caches', { keys: async () => ['workbox-precache-v2'] });
    expect(worksOffline(await readOfflineReadiness())).toBe(false);
    stubNavigator({ serviceWorker: { controller: {} } });
    vi.stubGlobal('caches', { keys: async () => [] });
    expect(worksOffline(await readOfflineReadiness())).toBe(false);
  });
});

describe('profileGaps', () => {
  const place = (isBusinessLocation: boolean) => makeSavedLocation({ isBusinessLocation });
  it('lists missing contacts and a missing home; a business location is not home', () => {
    expect(profileGaps({ emergencyContacts: [], locations: [] })).toEqual(['contacts', 'home']);
    expect(profileGaps({ emergencyContacts: [{ name: 'Asha', phoneNumber: '9876543210' }], locations: [place(true)] })).toEqual(['home']);
    expect(profileGaps({ emergencyContacts: [{ name: 'Asha', phoneNumber: '9876543210' }], locations: [place(false)] })).toEqual([]);
  });
});

describe('browserFamily', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', 'chrome-android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'safari-ios'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'firefox'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'desktop'],
  ])('%s -> %s', (userAgent, family) => {
    expect(browserFamily(userAgent)).toBe(family);
  });
});
