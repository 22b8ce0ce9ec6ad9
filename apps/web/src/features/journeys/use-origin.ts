import type { LatLon } from '@saathi/shared';
import { useCallback, useEffect, useState } from 'react';
import { locationStore, type LocationStore } from '../../entities/location';

export type Origin = { state: 'locating' } | { state: 'found'; point: LatLon & { accuracy: number | null } } | { state: 'failed' };

/**
 * Where the journey starts: the phone's position from the app's one location store, a fresh
 * reading on arrival (the browser asks for permission if it must). `retry` reads again.
 */
export function useOrigin(store: LocationStore = locationStore()): { origin: Origin; retry: () => void } {
  const [origin, setOrigin] = useState<Origin>({ state: 'locating' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    store.requestPosition().then(
      (fix) => live && setOrigin({ state: 'found', point: { latitude: fix.latitude, longitude: fix.longitude, accuracy: fix.accuracy } }),
      () => live && setOrigin({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [store, attempt]);

  const retry = useCallback(() => {
    setOrigin({ state: 'locating' });
    setAttempt((count) => count + 1);
  }, []);

  return { origin, retry };
}
