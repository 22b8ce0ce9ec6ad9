export interface WaitForOptions {
  /** Give up (and throw) after this long. */
  timeoutMs?: number;
  /** How often to look again. */
  intervalMs?: number;
  /** What is awaited, for the error message. */
  what?: string;
}

/**
 * Resolves as soon as `condition` holds, looking every `intervalMs`; throws once `timeoutMs`
 * passed without it. Tests wait on a sign that something happened (or that processing is
 * over, before checking that something did not happen) with this instead of a fixed sleep.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 50, what = 'the condition' }: WaitForOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() >= deadline) throw new Error(`waited ${timeoutMs} ms for ${what} in vain`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(1, deadline - Date.now()))));
  }
}
