import { openSse, type SseClient } from '../sse-client';

/** GET /api/events on one process, signed in with `token`, as a client of the load balancer opens it. */
export function openEventStream(baseUrl: string, token: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return openSse(`${baseUrl}/api/events`, { authorization: `Bearer ${token}`, ...headers });
}
