export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * The phone's share sheet where there is one, else the link is copied (SPEC.md §5: native
 * share if allowed, else copy the link). Dismissing the sheet is not a failure.
 */
export async function shareOrCopy(data: { title: string; text?: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Fall through to copying: some browsers refuse to share from an insecure page.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
