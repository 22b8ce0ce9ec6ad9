import type { User } from '@saathi/shared';

/** The four device permissions an SOS leans on. */
export const READINESS_PERMISSIONS = ['geolocation', 'camera', 'microphone', 'notifications'] as const;
export type ReadinessPermission = (typeof READINESS_PERMISSIONS)[number];

/** `unsupported`: the browser cannot do it at all; `unknown`: it cannot tell us until we ask. */
export type PermissionStatus = 'granted' | 'denied' | 'prompt' | 'unsupported' | 'unknown';

/** Which browser's fix-it steps to show first. */
export type BrowserFamily = 'chrome-android' | 'safari-ios' | 'firefox' | 'desktop';

function hasFeature(permission: ReadinessPermission): boolean {
  if (permission === 'geolocation') return 'geolocation' in navigator;
  if (permission === 'notifications') return typeof Notification !== 'undefined';
  return typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The state of one permission without asking the user. Safari and Firefox do not know every
 * name in the Permissions API (camera, microphone), so a refused query is `unknown`, not broken.
 */
export async function readPermission(permission: ReadinessPermission): Promise<PermissionStatus> {
  if (!hasFeature(permission)) return 'unsupported';
  if (permission === 'notifications') {
    const decided = Notification.permission;
    return decided === 'default' ? 'prompt' : decided;
  }
  if (!navigator.permissions?.query) return 'unknown';
  try {
    const status = await navigator.permissions.query({ name: permission });
    return status.state;
  } catch {
    return 'unknown';
  }
}

export async function readPermissions(): Promise<Record<ReadinessPermission, PermissionStatus>> {
  const states = await Promise.all(READINESS_PERMISSIONS.map(readPermission));
  return Object.fromEntries(READINESS_PERMISSIONS.map((name, i) => [name, states[i]])) as Record<ReadinessPermission, PermissionStatus>;
}

/** Asks for one permission (only ever from a tap) and answers the state that follows. */
export async function askPermission(permission: ReadinessPermission, enableNotifications: () => Promise<unknown>): Promise<PermissionStatus> {
  if (!hasFeature(permission)) return 'unsupported';
  if (permission === 'geolocation') {
    const granted = await new Promise<boolean>((resolve) => {
      navigator.geolocation.getCurrentPosition(
        () => resolve(true),
        (error) => resolve(error.code !== error.PERMISSION_DENIED),
        { timeout: 15_000, maximumAge: 600_000 },
      );
    });
    return granted ? 'granted' : 'denied';
  }
  if (permission === 'notifications') {
    await enableNotifications();
    return readPermission('notifications');
  }
  try {
    const stream = await navigator.mediaDevices.getUserMedia(permission === 'camera' ? { video: true } : { audio: true });
    // Only the question mattered: release the camera or microphone at once.
    for (const track of stream.getTracks()) track.stop();
    return 'granted';
  } catch (error) {
    return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? 'denied' : 'unknown';
  }
}

export interface OfflineReadiness {
  /** A service worker controls this page, so it can answer without the network. */
  controlled: boolean;
  /** How many caches the app has filled (the app shell, the SOS screen). */
  cacheCount: number;
}

export async function readOfflineReadiness(): Promise<OfflineReadiness> {
  const controlled = typeof navigator.serviceWorker !== 'undefined' && navigator.serviceWorker.controller !== null;
  let cacheCount = 0;
  try {
    if (typeof caches !== 'undefined') cacheCount = (await caches.keys()).length;
  } catch {
    cacheCount = 0;
  }
  return { controlled, cacheCount };
}

export const worksOffline = (offline: OfflineReadiness): boolean => offline.controlled && offline.cacheCount > 0;

export type ProfileGap = 'contacts' | 'home';

/**
 * What an SOS would miss: contacts to text, and a saved place (home) to come back to. A
 * business location does not count as home.
 */
export function profileGaps(user: Pick<User, 'emergencyContacts' | 'locations'>): ProfileGap[] {
  const gaps: ProfileGap[] = [];
  if (user.emergencyContacts.length === 0) gaps.push('contacts');
  if (!user.locations.some((place) => !place.isBusinessLocation)) gaps.push('home');
  return gaps;
}

/** Picks the fix-it steps by the user agent; anything unrecognised gets the desktop ones. */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/Firefox|FxiOS/i.test(userAgent)) return 'firefox';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'safari-ios';
  if (/Android/i.test(userAgent)) return 'chrome-android';
  return 'desktop';
}
