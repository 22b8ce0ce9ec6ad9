import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

/** REDIS_SENTINELS and the variables that go with it, as loadConfig reads and refuses them. */
describe('loadConfig: Redis through Sentinel', () => {
  it('has no sentinels by default', () => {
    expect(loadConfig({}).redisSentinel).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' })).toMatchObject({ redisUrl: 'redis://cache:6379', redisSentinel: undefined });
  });

  it('reads the sentinels, the master name (mymaster by default) and both passwords', () => {
    expect(loadConfig({ REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2:26379,sentinel-3:26379' }).redisSentinel).toEqual({
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: 'sentinel-2', port: 26379 },
        { host: 'sentinel-3', port: 26379 },
      ],
      name: 'mymaster',
      sentinelPassword: undefined,
      password: undefined,
    });
    const config = loadConfig({
      REDIS_SENTINELS: '10.0.0.5:26379',
      REDIS_SENTINEL_NAME: 'saathi',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
      REDIS_PASSWORD: 'data-secret',
    });
    expect(config.redisSentinel).toEqual({
      sentinels: [{ host: '10.0.0.5', port: 26379 }],
      name: 'saathi',
      sentinelPassword: 'sentinel-secret',
      password: 'data-secret',
    });
    expect(config.redisUrl).toBeUndefined();
    // Empty values count as unset, as everywhere.
    expect(loadConfig({ REDIS_SENTINELS: '', REDIS_SENTINEL_NAME: '' }).redisSentinel).toBeUndefined();
  });

  it('stops at start-up on an entry that is not host:port, naming it', () => {
    let error: unknown;
    try {
      loadConfig({ REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2,sentinel-3:99999' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'REDIS_SENTINELS: "sentinel-2" is not host:port (e.g. sentinel-1:26379; an IPv6 address in brackets, [fd00::1]:26379)',
      'REDIS_SENTINELS: "sentinel-3:99999": the port must be a number from 1 to 65535',
    ]);
    expect(() => loadConfig({ REDIS_SENTINELS: 'redis://sentinel-1:26379' })).toThrow(/REDIS_SENTINELS: "redis:\/\/sentinel-1:26379" is not host:port/);
    expect(() => loadConfig({ REDIS_SENTINELS: ',' })).toThrow(/REDIS_SENTINELS: lists no sentinel/);
  });

  it('refuses REDIS_URL beside the sentinels, a bad master name, and the sentinel variables without sentinels', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379', REDIS_SENTINELS: 's1:26379' })).toThrow(
      /REDIS_SENTINELS: set REDIS_URL or REDIS_SENTINELS, not both/,
    );
    expect(() => loadConfig({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'my master' })).toThrow(/REDIS_SENTINEL_NAME: must be the one-word name/);
    expect(() => loadConfig({ REDIS_SENTINEL_NAME: 'saathi' })).toThrow(/REDIS_SENTINEL_NAME: is only used with REDIS_SENTINELS/);
    expect(() => loadConfig({ REDIS_SENTINEL_PASSWORD: 'x' })).toThrow(/REDIS_SENTINEL_PASSWORD: is only used with REDIS_SENTINELS/);
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379', REDIS_PASSWORD: 'x' })).toThrow(
      /REDIS_PASSWORD: is only used with REDIS_SENTINELS \(with REDIS_URL, the password goes in the URL/,
    );
  });
});
