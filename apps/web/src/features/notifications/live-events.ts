import { useEffect, useRef } from 'react';
import type { LiveEvent, LiveEventType } from '@saathi/shared';
import { api, buildUrl } from '../../lib/api-client';
import { getSession } from '../auth/session';

/** What subscribers receive: the server's events, plus `stream.ready` after every (re)connect. */
export type LiveMessage = LiveEvent | { type: 'stream.ready' };
type Listener = (message: LiveMessage) => void;

const EVENT_TYPES: readonly LiveEventType[] = ['sos.updated', 'sos.location', 'sos.accepted', 'sos.declined', 'notification.created'];
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let connecting = false;
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
    void connect();
  }, delay);
}

/**
 * One stream per tab. EventSource cannot send the bearer header, so each connection starts
 * with a single-use ticket; its own automatic reconnect would reuse a spent ticket, so errors
 * close it and we reconnect with a fresh one, backing off.
 */
async function connect(): Promise<void> {
  if (source || connecting || listeners.size === 0 || typeof EventSource === 'undefined' || !getSession()) return;
  connecting = true;
  try {
    const { ticket } = await api.post<{ ticket: string }>('/events/ticket');
    if (listeners.size === 0) return;
    const stream = new EventSource(buildUrl('/events', { ticket }));
    source = stream;
    stream.addEventListener('ready', () => {
      attempt = 0;
      dispatch({ type: 'stream.ready' });
    });
    for (const type of EVENT_TYPES) {
      stream.addEventListener(type, (event: MessageEvent<string>) => {
        try {
          dispatch({ type, data: JSON.parse(event.data) } as LiveEvent);
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
  } catch {
    scheduleReconnect();
  } finally {
    connecting = false;
  }
}

function disconnect(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  attempt = 0;
}

export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  void connect();
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
