/** The link a shared reel opens: the feed (reels have no page of their own in SPEC.md §2). */
export function reelLink(): string {
  return `${window.location.origin}/incident-reels`;
}
