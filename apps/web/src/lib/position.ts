/** A device fix as the SOS calls send it. */
export interface DevicePosition {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  /** Epoch milliseconds of the fix. */
  at: number;
  /** True when this is the last known fix, not a fresh one. */
  stale: boolean;
}

const LAST_POSITION_KEY = 'saathi.last-position';

export function toDevicePosition(position: GeolocationPosition): DevicePosition {
  return {
    latitude: position.coords.latitude,
    longitude: position.coords.longitude,
    accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null,
    at: position.timestamp || Date.now(),
    stale: false,
  };
}

/** Remembered so an SOS raised indoors or without a GPS fix still says roughly where the user is. */
export function rememberPosition(position: DevicePosition): void {
  try {
    localStorage.setItem(LAST_POSITION_KEY, JSON.stringify({ ...position, stale: false }));
  } catch {
    // Storage unavailable: the fallback is simply not there next time.
  }
}

export function lastKnownPosition(): DevicePosition | null {
  try {
    const raw = localStorage.getItem(LAST_POSITION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DevicePosition>;
    if (typeof value.latitude !== 'number' || typeof value.longitude !== 'number' || typeof value.at !== 'number') return null;
    return { latitude: value.latitude, longitude: value.longitude, accuracy: value.accuracy ?? null, at: value.at, stale: true };
  } catch {
    return null;
  }
}

/**
 * The best position available within `timeoutMs`: a fresh high-accuracy fix, else the last
 * known one, else null (the caller then explains and offers 112 and SMS).
 */
export function getSosPosition(timeoutMs = 8000): Promise<DevicePosition | null> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      resolve(lastKnownPosition());
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const fix = toDevicePosition(position);
        rememberPosition(fix);
        resolve(fix);
      },
      () => resolve(lastKnownPosition()),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 10_000 },
    );
  });
}

/**
 * How long the fix search started by the SOS press may take. With a position remembered in
 * the last 2 minutes (a walk of ~150 m at most), only the countdown and a moment: a GPS still
 * searching must not hold up the alert by seconds, so it goes out with the remembered
 * position (getSosPosition falls back to it) and SOS mode sends the fix when it comes.
 * Without one, as long as a fix may take.
 */
export function fixTimeoutMs(countdownSeconds: number): number {
  const known = lastKnownPosition();
  return known && Date.now() - known.at < 120_000 ? countdownSeconds * 1000 + 300 : 8000;
}

/** Warms up the fix (and the fallback) when location is already allowed, without ever prompting. */
export async function warmUpPosition(): Promise<void> {
  try {
    if ((await navigator.permissions.query({ name: 'geolocation' })).state === 'granted') void getSosPosition(15_000);
  } catch {
    // Permissions API missing (older Safari): the fix is taken when SOS is pressed.
  }
}

/** Short buzzes where the device supports it; silently nothing elsewhere (iOS Safari). */
export function vibrate(pattern: number | number[]): void {
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  } catch {
    // Some browsers throw without a user gesture: haptics are a nicety, never a blocker.
  }
}
