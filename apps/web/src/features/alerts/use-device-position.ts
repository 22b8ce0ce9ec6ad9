import type { LatLon } from '@saathi/shared';
import { useCallback, useEffect, useState } from 'react';
import { locationStore, type LocationStore } from '../../entities/location';

export type DevicePosition = { state: 'locating' } | { state: 'found'; point: LatLon } | { state: 'failed' };

/**
 * Where the phone is, from the app's one location store: a position it already holds at once,
 * else one fresh reading (the browser asks for permission if it must). `retry` reads again.
 */
export function useDevicePosition(store: LocationStore = locationStore()): { position: DevicePosition; retry: () => void } {
  const [position, setPosition] = useState<DevicePosition>(() => {
    const known = store.getState().position;
    return known ? { state: 'found', point: { latitude: known.latitude, longitude: known.longitude } } : { state: 'locating' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && store.getState().position) return;
    let live = true;
    store.requestPosition().then(
      (fix) => live && setPosition({ state: 'found', point: { latitude: fix.latitude, longitude: fix.longitude } }),
      () => live && setPosition({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [store, attempt]);

  const retry = useCallback(() => {
    setPosition({ state: 'locating' });
    setAttempt((count) => count + 1);
  }, []);

  return { position, retry };
}
