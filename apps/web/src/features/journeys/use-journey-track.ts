import type { JourneyPositionsAnswer } from '@saathi/shared';
import { useEffect, useRef, useState } from 'react';
import { FOLLOW_AFTER_END_MS } from '../safety-timer';
import { sendJourneyPositions, type Journey } from './queries';
import { TrackQueue } from './track-queue';

/** The points kept since the last call go out this often (the first one at once). */
export const SEND_EVERY_MS = 20_000;
/**
 * A phone that does not move may report nothing to the watch for a long while; the server
 * would take that for a silent phone ("Are you OK?" after 10 minutes). With no position for
 * this long, one is asked for, so a person waiting at a bus stop is seen waiting.
 */
export const ASK_AFTER_QUIET_MS = 60_000;

type Arrival = JourneyPositionsAnswer['arrival'];
type FollowedJourney = Pick<Journey, 'id' | 'status' | 'endedAt'> | null | undefined;

export interface JourneyTrack {
  /** Whether positions are coming in. */
  location: 'on' | 'off' | 'waiting';
  /** "Arrived? Enter your PIN", once an answer to the points asked it (null until then). */
  arrival: Arrival;
}

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

/** Until when a journey's positions go out: while it is active, and for an hour after it ended (as the safety timer's do). */
export function followUntil(journey: FollowedJourney): number {
  if (!journey) return 0;
  if (journey.status === 'active') return Number.POSITIVE_INFINITY;
  return journey.endedAt ? Date.parse(journey.endedAt) + FOLLOW_AFTER_END_MS : 0;
}

/**
 * The journey's track: the phone's positions, one kept per 10 s, go to the server in batches
 * (the first at once, then every SEND_EVERY_MS), and wait while the network is down or a call
 * failed. An answer may ask "Arrived?" (the destination is near).
 *
 * After the end, whichever PIN ended it, the points go on quietly for FOLLOW_AFTER_END_MS on
 * the same watch, exactly as the safety timer's do after a check-in (features/safety-timer,
 * use-timer-location.ts): after a duress PIN the contacts follow them; after the safe one the
 * server answers the same and keeps nothing. Nothing on the screen changes.
 */
export function useJourneyTrack(journey: FollowedJourney): JourneyTrack {
  const [location, setLocation] = useState<JourneyTrack['location']>(() => (geolocation() ? 'waiting' : 'off'));
  const [asked, setAsked] = useState<{ id: number; arrival: NonNullable<Arrival> } | null>(null);
  const [expiredId, setExpiredId] = useState<number | null>(null);
  const until = followUntil(journey);
  const followedId = journey && until > 0 && expiredId !== journey.id ? journey.id : null;
  const active = journey?.status === 'active';
  // Read by the watch (an effect, so the render stays pure).
  const followedUntil = useRef(until);
  const activeRef = useRef(active);
  useEffect(() => {
    followedUntil.current = until;
    activeRef.current = active;
  }, [until, active]);

  // The hour after the end runs out: the watch stops.
  useEffect(() => {
    if (followedId === null || !Number.isFinite(until)) return;
    const timeout = setTimeout(() => setExpiredId(followedId), Math.max(0, until - Date.now()));
    return () => clearTimeout(timeout);
  }, [followedId, until]);

  // Keyed by the journey alone: its end does not restart (or stop) the watch.
  useEffect(() => {
    const geo = geolocation();
    if (followedId === null || !geo) return;
    const queue = new TrackQueue();
    let watch: number | undefined;
    let stopped = false;
    let sending = false;
    let firstKept = false;
    let watching = false;
    let lastFixAt = Date.now();

    const flush = async () => {
      if (sending || stopped) return;
      sending = true;
      try {
        while (queue.size > 0 && !stopped) {
          const batch = queue.batch();
          const answer = await sendJourneyPositions(followedId, batch);
          queue.sent(batch);
          if (answer.arrival && activeRef.current && !stopped) setAsked({ id: followedId, arrival: answer.arrival });
        }
      } catch {
        // Offline or refused for now: the points wait for the next round.
      } finally {
        sending = false;
      }
    };

    const onFix = (position: GeolocationPosition) => {
      if (stopped) return;
      lastFixAt = Date.now();
      setLocation('on');
      const { latitude, longitude, accuracy } = position.coords;
      const at = new Date(position.timestamp || Date.now()).toISOString();
      const kept = queue.add({ latitude, longitude, accuracy: Math.min(Math.max(accuracy, 0), 100_000), at });
      // The first point goes at once; the rest wait for the next round.
      if (kept && !firstKept) {
        firstKept = true;
        void flush();
      }
    };

    const begin = () => {
      if (stopped) return;
      watching = true;
      lastFixAt = Date.now();
      watch = geo.watchPosition(onFix, () => setLocation('off'), { enableHighAccuracy: true, maximumAge: 10_000 });
    };

    const round = () => {
      if (watching && Date.now() - lastFixAt >= ASK_AFTER_QUIET_MS) {
        lastFixAt = Date.now();
        geo.getCurrentPosition(onFix, () => undefined, { enableHighAccuracy: true, maximumAge: 10_000, timeout: SEND_EVERY_MS });
      }
      void flush();
    };

    const every = setInterval(round, SEND_EVERY_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    // A page opened after the end carries on (within the hour) only where the position needs no prompt.
    const ended = Number.isFinite(followedUntil.current);
    if (!(ended && Date.now() >= followedUntil.current)) {
      if (ended) void positionAllowed().then((allowed) => allowed && begin());
      else begin();
    }
    return () => {
      stopped = true;
      clearInterval(every);
      window.removeEventListener('online', online);
      if (watch !== undefined) geo.clearWatch(watch);
    };
  }, [followedId]);

  return { location, arrival: asked && journey && asked.id === journey.id && active ? asked.arrival : null };
}
