import type { LatLon } from '@saathi/shared';
import { useCallback, useState } from 'react';

export type PositionError = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** SPEC.md §9: 10 s for the permission check and one-off reads of the device location. */
export const POSITION_TIMEOUT_MS = 10_000;

/** Maps the GeolocationPositionError codes (1 denied, 2 unavailable, 3 timeout) to ours. */
export function positionErrorFromCode(code: number): PositionError {
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

export function readCurrentPosition(timeoutMs = POSITION_TIMEOUT_MS): Promise<LatLon> {
  return new Promise((resolve, reject: (error: PositionError) => void) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- rejects with a PositionError code the UI translates
      reject('unsupported');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- rejects with a PositionError code the UI translates
      (error) => reject(positionErrorFromCode(error.code)),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** One-shot device location with a pending flag and a typed error for the UI. */
export function useCurrentPosition() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<PositionError | null>(null);

  const locate = useCallback(async (): Promise<LatLon | null> => {
    setPending(true);
    setError(null);
    try {
      return await readCurrentPosition();
    } catch (reason) {
      setError(typeof reason === 'string' ? (reason as PositionError) : 'unavailable');
      return null;
    } finally {
      setPending(false);
    }
  }, []);

  return { locate, pending, error, clearError: () => setError(null) };
}
