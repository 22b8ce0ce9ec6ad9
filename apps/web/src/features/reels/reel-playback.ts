import { useEffect, useState, type RefObject } from 'react';

/** SPEC.md §4: an active reel starts muted and is unmuted after this long. */
export const UNMUTE_AFTER_MS = 500;

/** The reel counts as active when more than half of it is visible (SPEC.md §4). */
export function useMostlyVisible(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible((entry?.intersectionRatio ?? 0) > 0.5), { threshold: [0, 0.51, 1] });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}

/** Data saver on (Save-Data / NetworkInformation.saveData): nothing plays by itself. */
export function prefersSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

function silence(element: HTMLVideoElement): void {
  element.pause();
  element.muted = true;
}

function setMuted(element: HTMLVideoElement, muted: boolean): void {
  element.muted = muted;
}

/**
 * Plays the active reel muted, unmutes it after 500 ms, and pauses and mutes the others.
 * Browsers may refuse sound without a user gesture; the reel then keeps playing muted.
 */
export function useReelPlayback(video: RefObject<HTMLVideoElement | null>, active: boolean, autoplay: boolean, onPlayError: () => void): void {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!active || !autoplay) {
      silence(element);
      return;
    }
    setMuted(element, true);
    element.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      onPlayError();
    });
    const timer = window.setTimeout(() => {
      setMuted(element, false);
      if (element.paused) {
        setMuted(element, true);
        void element.play().catch(() => undefined);
      }
    }, UNMUTE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [video, active, autoplay, onPlayError]);
}
