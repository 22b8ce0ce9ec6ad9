export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The link a shared reel opens: the feed (reels have no page of their own in SPEC.md §2). */
export function reelLink(): string {
  return `${window.location.origin}/incident-reels`;
}

/** The native share sheet where allowed, else the link is copied (SPEC.md §5). */
export async function shareReel(data: { title: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
