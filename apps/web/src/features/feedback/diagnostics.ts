import type { FeedbackDiagnostics, PermissionStateName } from '@saathi/shared';
import { version } from '../../../package.json';
import { currentLanguage } from '../../i18n';

import { DIAGNOSTIC_PERMISSIONS, type DiagnosticPermission } from './diagnostic-permissions';

/** One permission's state from the Permissions API; `unsupported` where the browser cannot say (Firefox for the camera). */
async function permissionState(name: DiagnosticPermission): Promise<PermissionStateName> {
  if (typeof navigator === 'undefined' || !navigator.permissions?.query) return 'unsupported';
  try {
    const status = await navigator.permissions.query({ name });
    return status.state;
  } catch {
    return 'unsupported';
  }
}

/** What a ticket carries about this device, without the location (which is added only when the person ticks the box). */
export async function readDiagnostics(): Promise<FeedbackDiagnostics> {
  const states = await Promise.all(DIAGNOSTIC_PERMISSIONS.map(permissionState));
  return {
    appVersion: version,
    language: currentLanguage(),
    browser: (typeof navigator === 'undefined' ? '' : navigator.userAgent).slice(0, 400),
    permissions: { geolocation: states[0]!, camera: states[1]!, microphone: states[2]!, notifications: states[3]! },
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
  };
}

export type PositionResult = { ok: true; location: NonNullable<FeedbackDiagnostics['location']> } | { ok: false; reason: 'denied' | 'unavailable' };

/** The current position, asked only after the person ticked "add my location". */
export function readPosition(): Promise<PositionResult> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve({ ok: false, reason: 'unavailable' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          location: {
            latitude: Number(position.coords.latitude.toFixed(5)),
            longitude: Number(position.coords.longitude.toFixed(5)),
            accuracyM: Math.round(position.coords.accuracy),
          },
        }),
      (error) => resolve({ ok: false, reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
