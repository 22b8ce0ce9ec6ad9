import type { LatLon } from '@saathi/shared';
import { useSyncExternalStore } from 'react';

/** SPEC.md §4: the location permission states. `unknown` until the browser has told us. */
export type LocationPermission = 'unknown' | 'prompt' | 'granted' | 'denied';

/** SPEC.md §9: 5 s in the prompt flow, 10 s in the permission check and one-off reads. */
export const PROMPT_TIMEOUT_MS = 5_000;
export const CHECK_TIMEOUT_MS = 10_000;
/** SPEC.md §9: how long a screen waits for the store to have a position. */
export const STORE_WAIT_MS = 1_000;

export type LocationErrorKind = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class LocationError extends Error {
  constructor(readonly kind: LocationErrorKind) {
    super(`location ${kind}`);
    this.name = 'LocationError';
  }
}

export interface StoredPosition extends LatLon {
  accuracy: number | null;
  /** Epoch milliseconds of the fix. */
  at: number;
}

export interface LocationState {
  permission: LocationPermission;
  position: StoredPosition | null;
  watching: boolean;
}

type Listener = () => void;

/**
 * The one location store of the app (SPEC.md §4): permission state, last position and the
 * watch, shared by every screen so the browser is asked once and a fix is reused.
 */
export function createLocationStore(geo: Geolocation | undefined = globalNavigator()?.geolocation, permissions = globalNavigator()?.permissions) {
  let state: LocationState = { permission: 'unknown', position: null, watching: false };
  const listeners = new Set<Listener>();
  let watchId: number | null = null;
  let watchers = 0;

  function set(patch: Partial<LocationState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function accept(position: GeolocationPosition): StoredPosition {
    const stored: StoredPosition = {
      latitude: position.coords.latitude,
      longitude: position.coords.longitude,
      accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null,
      at: position.timestamp || Date.now(),
    };
    set({ position: stored, permission: 'granted' });
    return stored;
  }

  /** Error code 1 is PERMISSION_DENIED (SPEC.md §4): it marks the permission denied. */
  function reject(error: GeolocationPositionError): LocationError {
    if (error.code === 1) {
      set({ permission: 'denied' });
      return new LocationError('denied');
    }
    return new LocationError(error.code === 3 ? 'timeout' : 'unavailable');
  }

  // Follow the browser's own permission state where the Permissions API exists.
  void permissions
    ?.query({ name: 'geolocation' })
    .then((status) => {
      const apply = () => set({ permission: status.state });
      apply();
      status.addEventListener('change', apply);
    })
    .catch(() => undefined);

  return {
    getState: () => state,
    // An arrow, not a method: useSyncExternalStore calls it unbound.
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A fresh fix within `timeoutMs`; asks for permission when the browser needs to. */
    requestPosition(timeoutMs = CHECK_TIMEOUT_MS): Promise<StoredPosition> {
      return new Promise((resolve, fail) => {
        if (!geo) {
          fail(new LocationError('unsupported'));
          return;
        }
        geo.getCurrentPosition(
          (position) => resolve(accept(position)),
          (error) => fail(reject(error)),
          { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
        );
      });
    },

    /** The stored position, waiting up to `waitMs` for one to arrive (SPEC.md §9: 1 s). */
    waitForPosition(waitMs = STORE_WAIT_MS): Promise<StoredPosition | null> {
      if (state.position) return Promise.resolve(state.position);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          unsubscribe();
          resolve(state.position);
        }, waitMs);
        const unsubscribe = this.subscribe(() => {
          if (!state.position) return;
          clearTimeout(timer);
          unsubscribe();
          resolve(state.position);
        });
      });
    },

    /** Keeps the position fresh while anyone watches; returns the function that stops watching. */
    watch(): () => void {
      watchers += 1;
      if (watchId === null && geo) {
        watchId = geo.watchPosition(accept, (error) => void reject(error), { enableHighAccuracy: true, maximumAge: 15_000 });
        set({ watching: true });
      }
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        watchers -= 1;
        if (watchers === 0 && watchId !== null) {
          geo?.clearWatch(watchId);
          watchId = null;
          set({ watching: false });
        }
      };
    },
  };
}

export type LocationStore = ReturnType<typeof createLocationStore>;

function globalNavigator(): Navigator | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator;
}

let shared: LocationStore | null = null;

/** The app's store, created on first use (tests make their own with createLocationStore). */
export function locationStore(): LocationStore {
  shared ??= createLocationStore();
  return shared;
}

/**
 * Drops the app's store, so the next `locationStore()` makes a new one over the navigator as it
 * is then. Test files that share a window call it when they end (src/test/setup.ts): a store
 * made in one file would otherwise keep that file's position and its (fake) geolocation.
 */
export function forgetLocationStore(): void {
  shared = null;
}

export function useLocationState(store: LocationStore = locationStore()): LocationState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
