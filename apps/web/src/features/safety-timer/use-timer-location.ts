import { useEffect, useState } from 'react';
import { sendTimerLocation } from './queries';

/** A position goes to the server at most this often while the timer runs. */
export const LOCATION_EVERY_MS = 30_000;

/**
 * While a timer runs, the phone's position goes to the server now and then, so the contacts'
 * live-tracking link (sent only if the person does not check in) shows where they are.
 * Returns whether positions are coming in.
 */
const geolocation = () => (typeof navigator === 'undefined' ? undefined : navigator.geolocation);

export function useTimerLocation(timerId: number | null): 'on' | 'off' | 'waiting' {
  const [state, setState] = useState<'on' | 'off' | 'waiting'>(() => (geolocation() ? 'waiting' : 'off'));
  useEffect(() => {
    const geo = geolocation();
    if (timerId === null || !geo) return;
    let lastSent = 0;
    const watch = geo.watchPosition(
      (position) => {
        setState('on');
        const now = Date.now();
        if (now - lastSent < LOCATION_EVERY_MS) return;
        lastSent = now;
        const { latitude, longitude, accuracy } = position.coords;
        // A lost position is replaced by the next one; nothing to tell the person.
        sendTimerLocation(timerId, { latitude, longitude, accuracy: Math.min(accuracy, 100_000) }).catch(() => undefined);
      },
      () => setState('off'),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => geo.clearWatch(watch);
  }, [timerId]);
  return state;
}

/** One position for the start of a timer, or null when none comes within a few seconds. */
export function currentPosition(timeoutMs = 5000): Promise<{ latitude: number; longitude: number; accuracy: number } | null> {
  const geo = geolocation();
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: Math.min(position.coords.accuracy, 100_000) }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 30_000 },
    );
  });
}
