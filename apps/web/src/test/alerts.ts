import type { AlertSettings, NearbyAlert, PublicConfig } from '@saathi/shared';
import { vi } from 'vitest';
import { act } from '@testing-library/react';
import { LocationError, locationStore } from '../entities/location';

/** Ellisbridge, Ahmedabad. */
export const HERE = { latitude: 23.0225, longitude: 72.5714 };

export function nearbyAlert(patch: Partial<NearbyAlert> = {}): NearbyAlert {
  return {
    id: 1,
    category: 'flooding',
    status: 'unverified',
    latitude: 23.0236,
    longitude: 72.5725,
    text: 'Knee-deep water under the railway bridge',
    reports: 1,
    verifierRole: null,
    verifierProfession: null,
    createdAt: '2026-11-27T06:48:00.000Z',
    ageMinutes: 12,
    verifiedAt: null,
    resolvedAt: null,
    expiresAt: '2026-11-27T12:48:00.000Z',
    pushRadiusM: 3000,
    reportedByMe: false,
    canVerify: false,
    canResolve: false,
    distanceM: 600,
    ...patch,
  };
}

export const NO_SETTINGS: AlertSettings = {
  categories: [],
  locationUpdatedAt: null,
  radiiM: {
    road_accident: 1000,
    fire: 2000,
    flooding: 3000,
    building_collapse: 2000,
    crowd_risk: 1000,
    outage: 3000,
    road_blocked: 1000,
    other_hazard: 1000,
  },
};

export const PUBLIC_CONFIG: PublicConfig = {
  geocoderUrl: null,
  mapTileUrl: null,
  mapTileAttribution: '',
  grievanceOfficer: null,
  features: { astroAi: false },
};

/**
 * The app's one location store, answering as a phone at `at` would: a fix it already holds, and
 * the same for a fresh reading. Without one (`null`), a reading fails when the test calls `fail()`
 * (inside act).
 */
export function phoneAt(at: { latitude: number; longitude: number } | null) {
  const store = locationStore();
  const position = at ? { ...at, accuracy: 15, at: Date.now() } : null;
  vi.spyOn(store, 'getState').mockReturnValue({ permission: at ? 'granted' : 'prompt', position, watching: false });
  let reject: (error: Error) => void = () => undefined;
  const request = vi.spyOn(store, 'requestPosition').mockImplementation(() =>
    position
      ? Promise.resolve(position)
      : new Promise((_resolve, fail) => {
          reject = fail;
        }),
  );
  return {
    request,
    fail: () =>
      act(async () => {
        reject(new LocationError('denied'));
        await Promise.resolve();
      }),
  };
}
