import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { useSession } from '../../entities/session';
import { locationStore, useLocationState, type StoredPosition } from '../../entities/location';

/** At most one live position per minute, unless the volunteer moved further than this. */
export const LIVE_SEND_INTERVAL_MS = 60_000;
export const LIVE_SEND_MOVED_M = 200;

/** Whether a new fix is worth sending, given the last one sent. */
export function shouldSend(last: { position: StoredPosition; sentAt: number } | null, next: StoredPosition, now: number): boolean {
  if (!last) return true;
  if (now - last.sentAt >= LIVE_SEND_INTERVAL_MS) return true;
  const northM = (next.latitude - last.position.latitude) * 110_574;
  const eastM = (next.longitude - last.position.longitude) * 111_320 * Math.cos((next.latitude * Math.PI) / 180);
  return Math.hypot(northM, eastM) >= LIVE_SEND_MOVED_M && now - last.sentAt >= 10_000;
}

/**
 * While the app is open, a volunteer who shares a live location while available sends the
 * device position (throttled). It never asks for permission itself: only an already granted
 * location is used. Renders nothing.
 */
export function LiveLocationSharer() {
  const { user, isLoggedIn } = useSession();
  const { permission } = useLocationState();
  const active = isLoggedIn && user?.availableForCommunity === true && user.shareLiveLocation && permission === 'granted';

  useEffect(() => {
    if (!active) return;
    const store = locationStore();
    let last: { position: StoredPosition; sentAt: number } | null = null;
    let sending = false;
    const send = () => {
      const position = store.getState().position;
      if (!position || sending || !shouldSend(last, position, Date.now())) return;
      sending = true;
      api
        .call('POST /volunteers/me/location', { body: { latitude: position.latitude, longitude: position.longitude } })
        .then(() => {
          last = { position, sentAt: Date.now() };
        })
        // A failed send is retried with the next fix; nothing to tell the user.
        .catch(() => undefined)
        .finally(() => {
          sending = false;
        });
    };
    const unsubscribe = store.subscribe(send);
    const stopWatching = store.watch();
    // A stationary device may not report again: resend the last fix once a minute.
    const timer = setInterval(send, LIVE_SEND_INTERVAL_MS);
    send();
    return () => {
      clearInterval(timer);
      unsubscribe();
      stopWatching();
    };
  }, [active]);

  return null;
}
