import { vi } from 'vitest';

/** Answers every fetch with `body` as JSON under `status`; returns the mock, to read the calls made. */
export function serveJson(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
