import type { Page } from '@playwright/test';
import { bearer, completedProfile, SESSION_COOKIE, SESSION_STORAGE_KEY, signUpViaApi } from '../support/api';
import { ENV_BASE_URL, requiredEnv } from '../support/env';
import { expect, test } from '../support/fixtures';
import { phoneAt } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';
import { storeOnEveryPage } from '../support/storage';

/**
 * The installed app's service worker: what it answers with the app shell and what it leaves to
 * the server, and its own toasts, which never cover the user's SOS while it is active.
 */
test.use({ serviceWorkers: 'allow' });

const OFFLINE_READY = 'Saathi is ready to open without internet';

/** Waits until the service worker is installed and active (the page itself may not be controlled yet). */
async function serviceWorkerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', resolve));
  });
}

test('a page the service worker controls gets the RSS feed and the API from the server, and its screens from the app shell', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await serviceWorkerActive(page);
  // The page that installed it is not controlled: the next load is.
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The service worker does answer page loads with the shell: the test below is about something.
  const screen = await page.goto('/help');
  expect(screen?.fromServiceWorker(), 'a screen of the app comes from the app shell').toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // fetch() from the controlled page.
  const fetched = await page.evaluate(async () => {
    const response = await fetch('/news/feed.xml');
    return { type: response.headers.get('content-type'), body: await response.text() };
  });
  expect(fetched.type).toMatch(/^application\/rss\+xml/);
  expect(fetched.body).toContain('<rss version="2.0">');

  // A real page load of the feed, in English and in Hindi, from a page the service worker controls.
  for (const path of ['/news/feed.xml', '/news/feed.xml?language=hi']) {
    const response = await page.goto(path);
    expect(response, path).not.toBeNull();
    expect(response?.fromServiceWorker(), `${path} is answered by the server`).toBe(false);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^application\/rss\+xml/);
    const body = (await response?.text()) ?? '';
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(body).toContain('<rss version="2.0">');
    expect(body).not.toContain('<div id="root"');
    await page.goto('/help');
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The API, loaded as a page, is the API's answer too.
  const health = await page.goto('/api/health');
  expect(health?.fromServiceWorker()).toBe(false);
  expect(health?.headers()['content-type']).toMatch(/^application\/json/);
  expect(await health?.json()).toMatchObject({ status: 'ok' });
});

test.describe('the user’s own SOS', () => {
  test.use(phoneAt({ latitude: 19.0596, longitude: 72.8295 }));

  test('the "ready to open without internet" toast waits while the SOS is active, and shows once it has ended', async ({ page, request, context }) => {
    const session = await signUpViaApi(
      request,
      randomPhone(),
      completedProfile('Nandini Rao', '1993-05-21', { city: 'Mumbai', pincode: '400050', state: 'Maharashtra' }),
    );
    const raised = await request.post('/api/sos', {
      headers: bearer(session.token),
      data: { latitude: 19.0596, longitude: 72.8295, accuracy: 15, threat: 'harassment', contactsOnly: true },
    });
    expect(raised.status(), await raised.text()).toBe(201);
    const { id } = (await raised.json()) as { id: number };

    // Signed in before the first page load, so the first page is the SOS screen and the
    // service worker installs while it is on screen.
    await context.addCookies([{ name: SESSION_COOKIE, value: session.token, url: requiredEnv(ENV_BASE_URL), httpOnly: true, sameSite: 'Strict' }]);
    await storeOnEveryPage(page, SESSION_STORAGE_KEY, JSON.stringify({ user: session.user }));
    await page.goto(`/sos-mode?sosEventId=${id}&contactsOnly=true`);
    await expect(page.getByRole('heading', { name: 'SOS active' })).toBeVisible({ timeout: 20_000 });
    // Installed: the app has been told it now opens offline (vite-plugin-pwa says so on "installed").
    await serviceWorkerActive(page);

    // A toast of the SOS screen itself still shows: ending it fails once.
    await page.route(
      `**/api/sos/${id}/resolve`,
      (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Try again in a moment' } }),
        }),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'I am safe' }).click();
    const toasts = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Close' }) });
    await expect(toasts).toHaveCount(1);
    await expect(toasts).not.toContainText(OFFLINE_READY);
    // Toasts show one at a time, in order: the offline toast, told first, would be the one on screen.
    await expect(page.getByText(OFFLINE_READY)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'SOS active' })).toBeInViewport();
    await keepScreenshot(page, 'pwa/sos-active-own-toast-360.png');
    await toasts.getByRole('button', { name: 'Close' }).click();
    await expect(toasts).toHaveCount(0);

    // Ended: now it may say so.
    await page.getByRole('button', { name: 'I am safe' }).click();
    // Nobody had accepted: the sheet that would rate volunteers says so.
    await expect(page.getByRole('dialog', { name: 'Volunteers' })).toBeVisible();
    await expect(page.getByText(OFFLINE_READY)).toBeVisible();
    await keepScreenshot(page, 'pwa/sos-ended-offline-toast-360.png');
  });
});
