/** SPEC.md §4 image carousel: arrows wrap around, a swipe counts past 20 % of the width, moves lock for 300 ms. */
export const CAROUSEL_LOCK_MS = 300;
export const SWIPE_THRESHOLD = 0.2;

export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}

/** -1 (previous), 1 (next) or 0 (snap back) for a horizontal drag of `dx` pixels over `width`. */
export function swipeDirection(dx: number, width: number): -1 | 0 | 1 {
  if (width <= 0 || Math.abs(dx) <= width * SWIPE_THRESHOLD) return 0;
  return dx < 0 ? 1 : -1;
}
