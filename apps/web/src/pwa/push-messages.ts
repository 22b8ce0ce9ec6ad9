import type { PushPayload } from '@saathi/shared';

/** What the service worker (public/push-sw.js) posts to open windows when a push arrives. */
export const PUSH_CLIENT_MESSAGE = 'saathi.push';

export interface PushClientMessage {
  type: typeof PUSH_CLIENT_MESSAGE;
  payload: Pick<PushPayload, 'title' | 'body' | 'url' | 'type' | 'sosEventId' | 'notificationId'>;
}

export function isPushClientMessage(value: unknown): value is PushClientMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; payload?: unknown };
  if (message.type !== PUSH_CLIENT_MESSAGE || typeof message.payload !== 'object' || message.payload === null) return false;
  const payload = message.payload as Record<string, unknown>;
  return (
    typeof payload.title === 'string' &&
    typeof payload.url === 'string' &&
    payload.url.startsWith('/') &&
    (payload.notificationId === null || typeof payload.notificationId === 'number')
  );
}
