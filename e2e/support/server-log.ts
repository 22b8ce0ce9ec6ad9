import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { ENV_SERVER_LOG, requiredEnv } from './env';

/** One answered request, as the server logs it (apps/server/src/plugins/app/request-log.ts). */
export interface LoggedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  status: number;
  /** The signed-in user who sent it, if any. */
  userId?: number;
}

/** Every request this worker's server has answered so far, oldest first: its own record, one JSON line each. */
export function serverRequests(): LoggedRequest[] {
  const requests: LoggedRequest[] = [];
  for (const line of readFileSync(requiredEnv(ENV_SERVER_LOG), 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as LoggedRequest & { msg?: string };
      if (entry.msg === 'request') requests.push({ method: entry.method, path: entry.path, status: entry.status, userId: entry.userId });
    } catch {
      // Another line of the log (an SMS, a warning cut short).
    }
  }
  return requests;
}

/**
 * The server's record of requests once everything `page` has sent so far is in it: waits for the
 * answer to each of the page's requests, then sends one more from the page, which comes after
 * them, and waits until the server has logged that one. A check that something did NOT happen
 * asks this after the moment it would have happened has passed on the page's clock, instead of
 * sleeping and hoping the page was quick enough.
 */
export async function serverRecordAfter(page: Page): Promise<LoggedRequest[]> {
  for (const request of await page.requests()) {
    // A request a route holds or aborts has no answer: null.
    await Promise.race([request.response().catch(() => null), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  // Not under /api: the server answers it with the app's page (200), so the browser logs no error.
  const mark = `/e2e-mark/${randomUUID()}`;
  await page.evaluate(async (path) => {
    await fetch(path, { cache: 'no-store' }).then((response) => response.text());
  }, mark);
  await expect.poll(() => serverRequests().some((request) => request.path === mark), { message: `the server logged ${mark}` }).toBe(true);
  return serverRequests();
}
