import type { BrowserContext, Page } from '@playwright/test';

/**
 * Sets a localStorage item before any script runs, on every page `target` opens from now on.
 * Only on the app's own (http) pages: a new page starts as about:blank, whose storage the
 * browser denies, and the init script runs there too (an uncaught SecurityError otherwise).
 */
export async function storeOnEveryPage(target: Page | BrowserContext, key: string, value: string): Promise<void> {
  await target.addInitScript(
    ([name, item]) => {
      if (location.protocol === 'http:' || location.protocol === 'https:') localStorage.setItem(name, item);
    },
    [key, value] as const,
  );
}
