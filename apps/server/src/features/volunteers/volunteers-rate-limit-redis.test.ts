import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, type TestApp } from '../../../test/build';
import { buildSecondProcess, TEST_REDIS_URL as REDIS_URL, uniqueRedisPrefix } from '../../../test/second-process';
import { createRateLimiter } from '../../core/rate-limit/rate-limiter';
import { createRedisRateLimiter } from '../../core/rate-limit/redis-rate-limiter';

const prefix = uniqueRedisPrefix();
const env = { REDIS_URL, REDIS_CHANNEL_PREFIX: prefix, VOLUNTEERS_NEARBY_PER_MINUTE: '3' };

const t = build(env);
let second: TestApp['app'];

beforeAll(async () => {
  // A second server process in all but name: same database, same Redis, same clock.
  second = await buildSecondProcess(t, env);
});

afterAll(async () => {
  await second?.close();
});

const nearby = (app: TestApp['app'], token: string) =>
  app.inject({ method: 'GET', url: '/api/community/volunteers-nearby?location=23.0225,72.5714&range=500', headers: bearer(token) });

describe('volunteers-nearby rate limit across processes (REDIS_URL)', () => {
  it('counts one limit per user over every process, and frees it when the window ends', async () => {
    const token = await t.loginAs(await t.factory.user());
    expect((await nearby(t.app, token)).statusCode).toBe(200);
    expect((await nearby(second, token)).statusCode).toBe(200);
    expect((await nearby(t.app, token)).statusCode).toBe(200);
    // The fourth search in the minute is refused by whichever process gets it.
    const limited = await nearby(second, token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await nearby(t.app, token)).statusCode).toBe(429);

    const other = await t.loginAs(await t.factory.user());
    expect((await nearby(second, other)).statusCode).toBe(200);

    t.clock.advance(wait * 1000);
    expect((await nearby(second, token)).statusCode).toBe(200);
  });

  it('keeps answering when Redis is gone, counting in this process instead', async () => {
    const clock = t.clock.now;
    const errors: unknown[] = [];
    // A port nobody listens on: every command fails at once (no offline queue).
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on('error', () => undefined);
    const limiter = createRedisRateLimiter({
      redis: dead,
      prefix,
      limit: 2,
      windowMs: 60_000,
      clock,
      onError: (error) => errors.push(error),
      fallback: createRateLimiter({ limit: 2, windowMs: 60_000, clock }),
    });
    expect(await limiter.take(7)).toBe(0);
    expect(await limiter.take(7)).toBe(0);
    expect(await limiter.take(7)).toBeGreaterThan(0);
    expect(errors).toHaveLength(3);
    dead.disconnect();
  });
});
