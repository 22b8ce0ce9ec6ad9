import { useEffect, useRef, useState } from 'react';
import { sendTimerLocation, type CurrentTimer } from './queries';

/** A position goes to the server at most this often while the timer runs. */
export const LOCATION_EVERY_MS = 30_000;

/**
 * After a check-in, with either PIN, positions keep going out this long. The server keeps them
 * only after a duress check-in, whose silent alert gives the contacts a live-tracking link that
 * lasts as long; after a safe one it answers the same and keeps nothing. The phone cannot tell
 * the two apart and must not: it does the same after both, and shows nothing of it.
 */
export const FOLLOW_AFTER_END_MS = 60 * 60_000;

const geolocation = () => (typeof navigator === 'undefined' ? undefined : navigator.geolocation);

/** Whether the page may read the position without asking (a reopened page never prompts for it after the end). */
async function positionAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}

type FollowedTimer = Pick<CurrentTimer, 'id' | 'status' | 'endedAt'> | null | undefined;

/** Until when a timer's positions go out: while it runs, and for an hour after it ended. */
export function followUntil(timer: FollowedTimer): number {
  if (!timer) return 0;
  if (timer.status === 'running') return Number.POSITIVE_INFINITY;
  return timer.endedAt ? Date.parse(timer.endedAt) + FOLLOW_AFTER_END_MS : 0;
}

/**
 * While a timer runs, the phone's position goes to the server now and then, so the contacts'
 * live-tracking link (sent only if the person does not check in) shows where they are. After
 * the check-in it goes on quietly for FOLLOW_AFTER_END_MS, the same whichever PIN it was: the
 * watch started while the timer ran is kept, nothing on the screen changes. Returns whether
 * positions are coming in (the running timer shows it).
 */
export function useTimerLocation(timer: FollowedTimer): 'on' | 'off' | 'waiting' {
  const [state, setState] = useState<'on' | 'off' | 'waiting'>(() => (geolocation() ? 'waiting' : 'off'));
  const [expiredId, setExpiredId] = useState<number | null>(null);
  const until = followUntil(timer);
  const followedId = timer && until > 0 && expiredId !== timer.id ? timer.id : null;
  // Read by the watch when it starts (an effect, so the render stays pure).
  const followedUntil = useRef(until);
  useEffect(() => {
    followedUntil.current = until;
  }, [until]);

  // The hour after the end runs out: the watch stops.
  useEffect(() => {
    if (followedId === null || !Number.isFinite(until)) return;
    const timeout = setTimeout(() => setExpiredId(followedId), Math.max(0, until - Date.now()));
    return () => clearTimeout(timeout);
  }, [followedId, until]);

  // Keyed by the timer alone: its end does not restart (or stop) the watch.
  useEffect(() => {
    const geo = geolocation();
    if (followedId === null || !geo) return;
    let lastSent = 0;
    let watch: number | undefined;
    let stopped = false;
    const begin = () => {
      if (stopped) return;
      watch = geo.watchPosition(
        (position) => {
          setState('on');
          const now = Date.now();
          if (now - lastSent < LOCATION_EVERY_MS) return;
          lastSent = now;
          const { latitude, longitude, accuracy } = position.coords;
          // A lost position is replaced by the next one; nothing to tell the person.
          sendTimerLocation(followedId, { latitude, longitude, accuracy: Math.min(accuracy, 100_000) }).catch(() => undefined);
        },
        () => setState('off'),
        { enableHighAccuracy: true, maximumAge: 10_000 },
      );
    };
    // A page opened after the end carries on (within the hour) only where the position needs no prompt.
    const ended = Number.isFinite(followedUntil.current);
    if (ended && Date.now() >= followedUntil.current) return;
    if (ended) void positionAllowed().then((allowed) => allowed && begin());
    else begin();
    return () => {
      stopped = true;
      if (watch !== undefined) geo.clearWatch(watch);
    };
  }, [followedId]);
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
