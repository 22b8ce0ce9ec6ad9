import type { User } from '@saathi/shared';
import { cleanup, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { api } from '../lib/api-client';
import { page, renderRoutes } from './render';
import { clearSession, setSession } from '../entities/session';

/** One `api.call` as the desks' tests read it back. */
export type Call = [key: string, options?: { query?: Record<string, unknown>; body?: unknown; params?: unknown }];

/**
 * Signs in a moderator-desk user with these roles and answers the desk's calls with `answer`;
 * a call `answer` does not know fails the test. The roles come from the session copy at once:
 * the server's fresh `/users/me` never arrives here.
 */
export function serveDesk(roles: string[], answer: (...call: Call) => Promise<unknown> | undefined) {
  setSession({ id: 38, name: 'Swati Deshmukh', roles } as unknown as User);
  const reply = (...call: Call): Promise<unknown> => {
    if (call[0] === 'GET /users/me') return new Promise(() => undefined);
    return answer(...call) ?? Promise.reject(new Error(`unexpected call ${call[0]}`));
  };
  // The cast keeps the stub from restating every response type of the endpoint map.
  return vi.spyOn(api, 'call').mockImplementation(reply as never);
}

export type DeskSpy = ReturnType<typeof serveDesk>;

/** The options of every call to `key`, in order. */
export const callsOf = (spy: DeskSpy, key: string) => spy.mock.calls.filter((call) => call[0] === key).map((call) => call[1] as Call[1]);

/** Renders a desk at its path and waits for its title. */
export async function showDesk(path: string, element: ReactElement, title: string) {
  await renderRoutes([page(path, element)], path);
  await screen.findByRole('heading', { name: title, level: 1 });
}

/** Unmount first: ending the session re-renders whatever is still on screen. */
export function closeDesk() {
  cleanup();
  vi.restoreAllMocks();
  clearSession();
}
