import { useEffect, useRef } from 'react';
import type { LiveEvent, LiveEventType } from '@saathi/shared';
import { apiUrl } from '../../lib/api-client';
import { getSession } from '../session';

/** What subscribers receive: the server's events, plus `stream.ready` after every (re)connect. */
export type LiveMessage = LiveEvent | { type: 'stream.ready' };
type Listener = (message: LiveMessage) => void;

const EVENT_TYPES: readonly LiveEventType[] = ['sos.updated', 'sos.location', 'sos.accepted', 'sos.declined', 'notification.created'];
/** A dropped stream comes back fast (an alert may be on its way), then backs off. */
const RETRY_DELAYS_MS = [250, 1000, 2000, 5000, 10_000, 30_000];

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function dispatch(message: LiveMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (error) {
      // One screen's bug must not stop the others from hearing about an SOS.
      console.warn('live event listener failed', error);
    }
  }
}

function scheduleReconnect(): void {
  if (retryTimer || listeners.size === 0) return;
  const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
  attempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    connect();
  }, delay);
}

/**
 * One stream per tab, opened with the session cookie (sent by EventSource like any
 * same-origin request): no ticket to fetch first, so (re)connecting is one request. Errors
 * close it and we reconnect ourselves, quickly first, then backing off; what was published
 * meanwhile is caught up by the listeners on `stream.ready`.
 */
function connect(): void {
  if (source || listeners.size === 0 || typeof EventSource === 'undefined' || !getSession()) return;
  const stream = new EventSource(apiUrl('GET /events'));
  source = stream;
  stream.addEventListener('ready', () => {
    attempt = 0;
    dispatch({ type: 'stream.ready' });
  });
  for (const type of EVENT_TYPES) {
    stream.addEventListener(type, (event: MessageEvent<string>) => {
      try {
        const data: unknown = JSON.parse(event.data);
        dispatch({ type, data } as LiveEvent);
      } catch {
        // A malformed frame is skipped; the next refetch catches up.
      }
    });
  }
  stream.onerror = () => {
    stream.close();
    if (source === stream) source = null;
    scheduleReconnect();
  };
}

/** Back online or back on screen (a phone may have dropped the stream meanwhile): reconnect now. */
function reconnectNow(): void {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  if (source && source.readyState !== EventSource.CLOSED) return;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source = null;
  attempt = 0;
  connect();
}

function watchConnectivity(on: boolean): void {
  if (typeof window === 'undefined') return;
  const method = on ? 'addEventListener' : 'removeEventListener';
  window[method]('online', reconnectNow);
  document[method]('visibilitychange', reconnectNow);
}

function disconnect(): void {
  watchConnectivity(false);
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  attempt = 0;
}

export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) watchConnectivity(true);
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/** Calls `handler` for every live message while the component is mounted (and signed in). */
export function useLiveEvents(handler: Listener, enabled = true): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  }, [handler]);
  useEffect(() => {
    if (!enabled) return;
    return subscribeLiveEvents((message) => handlerRef.current(message));
  }, [enabled]);
}
