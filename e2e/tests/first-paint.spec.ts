import { completedProfile, signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { phoneAt } from '../support/phone';
import { randomPhone } from '../support/sms';

// Leh, far from every seeded volunteer. Service workers are off so the route below sees every request.
test.use({ ...phoneAt({ latitude: 34.1526, longitude: 77.5771, accuracy: 15 }), serviceWorkers: 'block' });

test('the page arrives with everything its first paint needs: the SOS button shows while every script, stylesheet and font is held', async ({
  page,
  request,
}) => {
  const session = await signUpViaApi(request, randomPhone(), {
    ...completedProfile('Meera Desai', '1995-03-14', { city: 'Ahmedabad', pincode: '380006' }),
    emergencyContacts: [{ name: 'Maa', phoneNumber: '9876501234' }],
  });
  await storeSession(page, session);
  // Nothing from /assets/ arrives: only index.html itself.
  const held: string[] = [];
  await page.route('**/assets/**', (route) => {
    held.push(new URL(route.request().url()).pathname);
  });
  await page.goto('/', { waitUntil: 'commit' });
  const button = page.locator('#early-sos .sos-button');
  await expect(button).toBeVisible();
  // Painted with its own styles: a round, red button of a size a thumb finds.
  const box = await button.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(120);
  expect(await button.evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px');
  expect(held.some((pathname) => pathname.endsWith('.js'))).toBe(true);
  // index.html links no stylesheet the paint would wait for: the entry's CSS is inside it.
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
});

/** Sum of the page's layout shifts not caused by input, as Lighthouse's CLS counts them on one screen. */
async function layoutShiftOf(page: import('@playwright/test').Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[];
          const counted = entries.filter((entry) => !entry.hadRecentInput);
          resolve({
            total: counted.reduce((sum, entry) => sum + entry.value, 0),
            moved: counted.flatMap((entry) => (entry.sources ?? []).map((source) => (source.node as Element | null)?.outerHTML?.slice(0, 80) ?? '')),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // An observer with nothing buffered is never called.
        setTimeout(() => resolve({ total: 0, moved: [] }), 500);
      }),
  );
}

/** The layout shifts so far, once Roboto has arrived and replaced its stand-in. */
async function layoutShiftOnceFontsLanded(page: import('@playwright/test').Page) {
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && [...document.fonts].some((font) => font.family === 'Roboto' && font.status === 'loaded'),
  );
  return layoutShiftOf(page);
}

test('screens stay where they are drawn while their code and their fonts arrive late', async ({ page, request }) => {
  // Every script waits 300 ms and every font 1.5 s: the loading bar shows before each screen,
  // and the fonts come after the text was drawn in the stand-in.
  await page.route('**/assets/**', async (route) => {
    const pathname = new URL(route.request().url()).pathname;
    await new Promise((resolve) => setTimeout(resolve, pathname.endsWith('.woff2') ? 1500 : 300));
    await route.continue();
  });
  for (const pathname of ['/', '/help']) {
    await page.goto(pathname);
    await expect(page.locator('h1').first()).toBeVisible();
    const shift = await layoutShiftOnceFontsLanded(page);
    expect(shift.total, `${pathname} moved: ${shift.moved.join(' | ')}`).toBeLessThan(0.01);
  }
  const session = await signUpViaApi(request, randomPhone(), completedProfile('Kavya Iyer', '1998-07-02', { city: 'Ahmedabad', pincode: '380006' }));
  await storeSession(page, session);
  await page.goto('/volunteers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The phone's position arrives after the first paint here and fills the screen below the
  // field: that change may move the legend, within Lighthouse's budget of 0.05.
  const shift = await layoutShiftOnceFontsLanded(page);
  expect(shift.total, `/volunteers moved: ${shift.moved.join(' | ')}`).toBeLessThan(0.05);
});
