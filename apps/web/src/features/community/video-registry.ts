/** SPEC.md §4 post video: one video plays at a time; starting one stops the one before. */
let current: (() => void) | null = null;

export function claimPlayback(stop: () => void): void {
  if (current && current !== stop) current();
  current = stop;
}

export function releasePlayback(stop: () => void): void {
  if (current === stop) current = null;
}
