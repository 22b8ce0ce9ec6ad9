import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocationStore, LocationError } from './location-store';

function fix(latitude: number, longitude: number): GeolocationPosition {
  return { coords: { latitude, longitude, accuracy: 12 }, timestamp: 1_700_000_000_000 } as GeolocationPosition;
}
const failure = (code: number) => ({ code, message: 'no' }) as GeolocationPositionError;

function fakeGeolocation() {
  const geo = {
    getCurrentPosition: vi.fn<Geolocation['getCurrentPosition']>(),
    watchPosition: vi.fn<Geolocation['watchPosition']>(() => 7),
    clearWatch: vi.fn<Geolocation['clearWatch']>(),
  };
  return geo;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the location store', () => {
  it('stores a fresh fix and marks the permission granted', async () => {
    const geo = fakeGeolocation();
    geo.getCurrentPosition.mockImplementation((success) => success(fix(23.02, 72.57)));
    const store = createLocationStore(geo, undefined);
    const position = await store.requestPosition(5000);
    expect(position).toMatchObject({ latitude: 23.02, longitude: 72.57, accuracy: 12 });
    expect(store.getState()).toMatchObject({ permission: 'granted', position: { latitude: 23.02 } });
    expect(geo.getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ timeout: 5000, enableHighAccuracy: true });
  });

  it('marks the permission denied on error code 1 only', async () => {
    const geo = fakeGeolocation();
    const store = createLocationStore(geo, undefined);
    geo.getCurrentPosition.mockImplementationOnce((_, error) => error?.(failure(3)));
    await expect(store.requestPosition()).rejects.toMatchObject({ kind: 'timeout' });
    expect(store.getState().permission).toBe('unknown');
    geo.getCurrentPosition.mockImplementationOnce((_, error) => error?.(failure(1)));
    const denied = await store.requestPosition().catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(LocationError);
    expect(denied).toMatchObject({ kind: 'denied' });
    expect(store.getState().permission).toBe('denied');
  });

  it('says unsupported without a geolocation API', async () => {
    await expect(createLocationStore(undefined, undefined).requestPosition()).rejects.toMatchObject({ kind: 'unsupported' });
  });

  it('follows the browser permission state and its changes', async () => {
    let onChange: () => void = () => undefined;
    const status = {
      state: 'prompt' as PermissionState,
      addEventListener: (_: string, listener: () => void) => {
        onChange = listener;
      },
    };
    const permissions = { query: vi.fn(async () => status as unknown as PermissionStatus) } as unknown as Permissions;
    const store = createLocationStore(fakeGeolocation(), permissions);
    await vi.waitFor(() => expect(store.getState().permission).toBe('prompt'));
    status.state = 'denied';
    onChange();
    expect(store.getState().permission).toBe('denied');
  });

  it('shares one watch among watchers and stops it when the last one leaves', () => {
    const geo = fakeGeolocation();
    const store = createLocationStore(geo, undefined);
    const stopA = store.watch();
    const stopB = store.watch();
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(store.getState().watching).toBe(true);
    geo.watchPosition.mock.calls[0]?.[0](fix(19.07, 72.87));
    expect(store.getState().position).toMatchObject({ latitude: 19.07, longitude: 72.87 });
    stopA();
    stopA();
    expect(geo.clearWatch).not.toHaveBeenCalled();
    stopB();
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    expect(store.getState().watching).toBe(false);
  });

  it('waits up to 1 s for a position, then gives up with null', async () => {
    vi.useFakeTimers();
    const geo = fakeGeolocation();
    const store = createLocationStore(geo, undefined);
    const none = store.waitForPosition();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(none).resolves.toBeNull();

    const later = store.waitForPosition();
    store.watch();
    geo.watchPosition.mock.calls[0]?.[0](fix(12.97, 77.59));
    await expect(later).resolves.toMatchObject({ latitude: 12.97 });
  });
});
