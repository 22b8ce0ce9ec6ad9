import type { Reel } from '@saathi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../lib/api-client';
import { busyRetryDelayMs } from '../../lib/busy-retry';
import { reelsApi } from './reels-api';

/** SPEC.md §9: the next page is fetched when 2 or fewer reels remain after the active one. */
export const PREFETCH_REMAINING = 2;

export interface ReelsFeed {
  reels: Reel[];
  loading: boolean;
  /** True once the first page has arrived (or failed for good). */
  ready: boolean;
  /** The server's `busy` answer while the page it shed waits to be asked again (ADR 22), else null. */
  busy: ApiError | null;
  /** Asks for more when the reel at `index` is within PREFETCH_REMAINING of the end. */
  reached: (index: number) => void;
  /** Puts a changed reel (e.g. its author edited the caption) in place of the old one. */
  replace: (reel: Reel) => void;
}

/**
 * Page-by-page reels, one load at a time; a short page means the end. Failures are logged only
 * (SPEC.md §8), except a page the server shed (503 `busy`): the reels shown stay, and the same
 * page is asked again after its Retry-After, for as long as the screen is open.
 */
export function useReelsFeed(): ReelsFeed {
  const [reels, setReels] = useState<Reel[]>([]);
  const [loading, setLoading] = useState(false);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState<ApiError | null>(null);
  const state = useRef({ next: 1, busy: false, done: false, count: 0, open: true, retry: undefined as number | undefined });

  const load = useCallback(() => {
    const s = state.current;
    async function loadPage(): Promise<void> {
      if (s.busy || s.done || s.retry !== undefined) return;
      s.busy = true;
      setLoading(true);
      let retryIn: number | undefined;
      try {
        const page = await reelsApi.page(s.next);
        s.next += 1;
        if (page.length === 0) s.done = true;
        setBusy(null);
        setReels((current) => {
          const seen = new Set(current.map((r) => r.id));
          const merged = [...current, ...page.filter((r) => !seen.has(r.id))];
          s.count = merged.length;
          return merged;
        });
      } catch (error) {
        retryIn = busyRetryDelayMs(error);
        if (retryIn === undefined) {
          console.error('Failed to load reels', error);
          s.done = true;
          setBusy(null);
        } else {
          setBusy(error as ApiError);
        }
      }
      s.busy = false;
      if (retryIn !== undefined && s.open) {
        // Still "loading": the same page is asked again once the wait the server gave is over.
        s.retry = window.setTimeout(() => {
          s.retry = undefined;
          void loadPage();
        }, retryIn);
        return;
      }
      setLoading(false);
      setReady(true);
    }
    return loadPage();
  }, []);

  useEffect(() => {
    const s = state.current;
    s.open = true;
    void load();
    return () => {
      s.open = false;
      window.clearTimeout(s.retry);
      s.retry = undefined;
    };
  }, [load]);

  const reached = useCallback(
    (index: number) => {
      if (state.current.count - 1 - index <= PREFETCH_REMAINING) void load();
    },
    [load],
  );

  const replace = useCallback((reel: Reel) => setReels((current) => current.map((r) => (r.id === reel.id ? reel : r))), []);

  return { reels, loading, ready, busy, reached, replace };
}
