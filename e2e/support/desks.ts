import type { Page } from '@playwright/test';
import { expectNoHorizontalScroll, transitionsFinished } from './page-checks';
import { SMALL_PHONE } from './phone';
import { keepScreenshot } from './shots';

/**
 * What the moderators' desks' specs share: the seeded moderator (Swati Deshmukh, README.md's
 * demo table; her app is in Hindi), the desktop size desks are used at, and the screenshots.
 */
export const MODERATOR_PHONE = '9000000038';
export const DESKTOP = { width: 1280, height: 800 };
export const HINDI = 'hi-IN';

/**
 * A desk at 1280x800 and at 360x640 (fitting without sideways scrolling), whole page kept under
 * `folder` for a person to look at; the page goes back to the size it had.
 */
export async function shootDesk(page: Page, folder: string, name: string): Promise<void> {
  // No pointer resting on a chip, and no chip or ripple half-way through its transition.
  await page.mouse.move(0, 0);
  const original = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await transitionsFinished(page);
  await keepScreenshot(page, `${folder}/${name}-1280x800.png`);
  await page.setViewportSize(SMALL_PHONE.viewport);
  await expectNoHorizontalScroll(page);
  await transitionsFinished(page);
  await keepScreenshot(page, `${folder}/${name}-360x640.png`, { fullPage: true });
  await page.setViewportSize(original ?? DESKTOP);
}
