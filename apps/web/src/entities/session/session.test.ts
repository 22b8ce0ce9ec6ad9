import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { setNavigator } from '../../lib/navigation';
import { serveJson } from '../../test/serve-json';
import { getSession, SESSION_STORAGE_KEY, setSession } from './session';

const user = { id: 7, name: 'Asha Patel', language: 'en-US' } as unknown as User;

describe('session', () => {
  afterEach(() => {
    setNavigator(null);
    vi.unstubAllGlobals();
  });

  it('is forgotten when the API answers 401', async () => {
    setNavigator(vi.fn());
    setSession(user);
    serveJson(401, { error: { code: 'unauthorized', message: 'Session expired' } });

    await expect(api.call('GET /users/me')).rejects.toMatchObject({ status: 401 });

    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
