import type { Redis } from 'ioredis';
import type { Clock } from '../clock';
import type { RateLimiter } from './rate-limiter';

export interface RedisRateLimiterOptions {
  redis: Redis;
  /** Key prefix; processes sharing it share the counts. */
  prefix: string;
  limit: number;
  windowMs: number;
  clock: Clock;
  /** Where a Redis failure is reported; the request is then counted in memory instead. */
  onError: (error: unknown) => void;
  fallback: RateLimiter;
}

/**
 * Fixed windows counted in Redis, so every server process sharing REDIS_URL enforces one
 * limit per user instead of one each. Windows follow the app clock (`<prefix><key>:<window>`),
 * and each key expires after two windows. When Redis cannot be reached the search is not
 * refused (it may be someone looking for help): the per-process limiter counts it instead.
 */
export function createRedisRateLimiter({ redis, prefix, limit, windowMs, clock, onError, fallback }: RedisRateLimiterOptions): RateLimiter {
  return {
    async take(key) {
      const now = clock().getTime();
      const window = Math.floor(now / windowMs);
      const redisKey = `${prefix}${key}:${window}`;
      let count: number;
      try {
        const replies = await redis
          .multi()
          .incr(redisKey)
          .pexpire(redisKey, windowMs * 2)
          .exec();
        const [error, value] = replies?.[0] ?? [new Error('no reply from Redis'), null];
        if (error) throw error;
        count = Number(value);
      } catch (error) {
        onError(error);
        return fallback.take(key);
      }
      if (count <= limit) return 0;
      return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    },
  };
}
