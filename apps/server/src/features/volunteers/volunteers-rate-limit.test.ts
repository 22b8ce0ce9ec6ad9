import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { nearby } from './volunteers.fixtures';

const t = build({ VOLUNTEERS_NEARBY_PER_MINUTE: '3' });

describe('volunteers-nearby rate limit', () => {
  it('answers 429 with Retry-After beyond the per-user limit, per user, until the minute ends', async () => {
    const first = await t.loginAs(await t.factory.user());
    const second = await t.loginAs(await t.factory.user());
    const query = { location: '23.0225, 72.5714', range: 500 };
    for (let i = 0; i < 3; i++) expect((await nearby(t, first, query)).statusCode).toBe(200);
    const limited = await nearby(t, first, query);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
    expect(limited.headers['retry-after']).toBe('60');
    // Another user is not affected; the limit is per user.
    expect((await nearby(t, second, query)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await nearby(t, first, query)).statusCode).toBe(200);
  });

  it('does not count requests rejected as bad input', async () => {
    const token = await t.loginAs(await t.factory.user());
    for (let i = 0; i < 5; i++) expect((await nearby(t, token, { location: 'x', range: 500 })).statusCode).toBe(400);
    expect((await nearby(t, token, { location: '23.0225, 72.5714', range: 500 })).statusCode).toBe(200);
  });
});
