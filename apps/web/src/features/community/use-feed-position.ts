import { useEffect, useState } from 'react';
import { CHECK_TIMEOUT_MS, locationStore, useLocationState } from '../../entities/location';
import type { FeedLocation } from './components/location-sheet';

export interface FeedPosition {
  /** False until the device position arrived or could not be had; the feed waits for it. */
  ready: boolean;
  latitude: number | null;
  longitude: number | null;
}

/** The reader's position for distances: a saved location as chosen, else the device position from the shared store. */
export function useFeedPosition(selected: FeedLocation, onFailure: () => void): FeedPosition {
  const state = useLocationState();
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (selected.source !== 'current') return;
    let active = true;
    const store = locationStore();
    void store
      .waitForPosition()
      .then((position) => position ?? store.requestPosition(CHECK_TIMEOUT_MS))
      .catch(() => {
        if (active) onFailure();
        return null;
      })
      .finally(() => {
        if (active) setSettled(true);
      });
    return () => {
      active = false;
    };
    // onFailure is a toast callback; a new identity must not ask for the position again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected.source]);

  // No location shared (a visitor): the feed is newest first and measures nothing.
  if (selected.source === 'none') return { ready: true, latitude: null, longitude: null };
  if (selected.source === 'place') return { ready: true, latitude: selected.latitude, longitude: selected.longitude };
  // Rounded so small GPS jitter does not restart the feed from page 1.
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const position = state.position;
  return {
    ready: settled || position !== null,
    latitude: position ? round(position.latitude) : null,
    longitude: position ? round(position.longitude) : null,
  };
}

const CURRENT = { source: 'current' } as const;
const NONE = { source: 'none' } as const;
const ignoreFailure = () => undefined;

/**
 * The reader's position for one post's or one author's distances: a signed-in reader's current
 * one, never asked of a visitor; when it cannot be had the distances are just left out.
 */
export function useReaderPosition(isLoggedIn: boolean): FeedPosition {
  return useFeedPosition(isLoggedIn ? CURRENT : NONE, ignoreFailure);
}
