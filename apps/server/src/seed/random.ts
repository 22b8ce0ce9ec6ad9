import { REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH } from '@saathi/shared';

/**
 * A small seeded generator (mulberry32), so every fresh demo database gets the same
 * referral ids, likes and activity days, and the README can name them.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    /** `count` distinct items of `items`, in random order. */
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = int(0, i);
        [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
      }
      return pool.slice(0, Math.min(count, pool.length));
    },
    referralId(): string {
      let id = '';
      for (let i = 0; i < REFERRAL_ID_LENGTH; i++) id += REFERRAL_ID_ALPHABET[int(0, REFERRAL_ID_ALPHABET.length - 1)];
      return id;
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

/** A moment `hours` before `now`. */
export const hoursAgo = (now: Date, hours: number): Date => new Date(now.getTime() - hours * 3_600_000);
