import { useEffect, useState } from 'react';
import { sosApi } from '../../../entities/sos-event';
import { rememberPosition } from '../../../lib/position';
import { LocationSender, toLocationBody } from './location-sender';

export interface StreamingState {
  /** Epoch ms of the last fix the server accepted. */
  lastSentAt: number | null;
  accuracy: number | null;
  error: 'denied' | 'unavailable' | null;
}

/** Watches the device position while `active` and streams it to the event, throttled. */
export function useLocationStreaming(eventId: number, active: boolean): StreamingState {
  const [state, setState] = useState<StreamingState>({ lastSentAt: null, accuracy: null, error: null });
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  useEffect(() => {
    if (!active || !supported) return;
    const sender = new LocationSender(
      (body) => sosApi.sendLocation(eventId, body),
      (body, at) => setState({ lastSentAt: at, accuracy: body.accuracy ?? null, error: null }),
    );
    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        rememberPosition({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
          at: position.timestamp || Date.now(),
          stale: false,
        });
        sender.offer(toLocationBody(position));
      },
      (error) => setState((current) => ({ ...current, error: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' })),
      { enableHighAccuracy: true, maximumAge: 5000, timeout: 30_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(watchId);
      sender.close();
    };
  }, [eventId, active, supported]);

  return supported ? state : { ...state, error: 'unavailable' };
}
