import type { Reel } from '@saathi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reelsApi } from './reels-api';

/** SPEC.md §9: the next page is fetched when 2 or fewer reels remain after the active one. */
export const PREFETCH_REMAINING = 2;

export interface ReelsFeed {
  reels: Reel[];
  loading: boolean;
  /** True once the first page has arrived (or failed). */
  ready: boolean;
  /** Asks for more when the reel at `index` is within PREFETCH_REMAINING of the end. */
  reached: (index: number) => void;
  /** Puts a changed reel (e.g. its author edited the caption) in place of the old one. */
  replace: (reel: Reel) => void;
}

/** Page-by-page reels, one load at a time; a short page means the end. Failures are logged only (SPEC.md §8). */
export function useReelsFeed(): ReelsFeed {
  const [reels, setReels] = useState<Reel[]>([]);
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);
  const state = useRef({ next: 1, busy: false, done: false, count: 0 });

  const load = useCallback(async () => {
    const s = state.current;
    if (s.busy || s.done) return;
    s.busy = true;
    setLoading(true);
    try {
      const page = await reelsApi.page(s.next);
      s.next += 1;
      if (page.length === 0) s.done = true;
      setReels((current) => {
        const seen = new Set(current.map((r) => r.id));
        const merged = [...current, ...page.filter((r) => !seen.has(r.id))];
        s.count = merged.length;
        return merged;
      });
    } catch (error) {
      console.error('Failed to load reels', error);
      s.done = true;
    } finally {
      s.busy = false;
      setLoading(false);
      setReady(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const reached = useCallback(
    (index: number) => {
      if (state.current.count - 1 - index <= PREFETCH_REMAINING) void load();
    },
    [load],
  );

  const replace = useCallback((reel: Reel) => setReels((current) => current.map((r) => (r.id === reel.id ? reel : r))), []);

  return { reels, loading, ready, reached, replace };
}
