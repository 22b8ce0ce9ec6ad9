import type { Clock } from '../clock';

export interface RateLimiter {
  /** Counts one use by `key`; resolves to the seconds to wait when over the limit, else 0. */
  take(key: string | number): Promise<number>;
}

/**
 * A fixed-window counter per key, in this process's memory: right for the single process of
 * the embedded setup. Several processes share Redis (REDIS_URL) and count there instead
 * (redis-rate-limiter.ts). The window map is swept as windows end so it cannot grow without bound.
 */
export function createRateLimiter({ limit, windowMs, clock }: { limit: number; windowMs: number; clock: Clock }): RateLimiter {
  const windows = new Map<string | number, { startedAt: number; count: number }>();
  let lastSweep = 0;

  function sweep(now: number): void {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(key);
  }

  return {
    async take(key) {
      const now = clock().getTime();
      sweep(now);
      const current = windows.get(key);
      if (!current || now - current.startedAt >= windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return 0;
      }
      if (current.count >= limit) return Math.max(1, Math.ceil((current.startedAt + windowMs - now) / 1000));
      current.count += 1;
      return 0;
    },
  };
}
