import type { ConsoleMessage, Page } from '@playwright/test';
import { bearer, completedProfile, signUpViaApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { serverRecordAfter } from '../support/server-log';
import { linkAsTapped, randomPhone, smsLinkTextedTo } from '../support/sms';

/**
 * The public live-tracking page an emergency contact opens from the SMS (`/track/<token>`):
 * a link that never existed says so (404, or 400 when it is not even shaped like a link),
 * an SOS that ended says that (410). Both are expected answers: the app logs nothing about
 * them. Chromium itself prints "Failed to load resource" for any 4xx, which is allowed.
 */
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const CHROMIUM_4XX_LINE = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** The console errors the page wrote (not Chromium's own line about a 4xx); uncaught errors fail every test (fixtures.ts). */
function appConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && !CHROMIUM_4XX_LINE.test(message.text())) problems.push(message.text());
  });
  return problems;
}

/**
 * The answers the server logged to GET `path`, in order, after two minutes on the page's own
 * clock: a minute (twelve 5 s polls, every retry's back-off), the answers to all the page asked
 * then, and another minute, for a retry timed from one of those answers.
 */
async function answersAfterTwoMinutes(page: Page, path: string): Promise<number[]> {
  await page.clock.runFor(60_000);
  await serverRecordAfter(page);
  await page.clock.runFor(60_000);
  const record = await serverRecordAfter(page);
  return record.filter((request) => request.method === 'GET' && request.path === path).map((request) => request.status);
}

test('a link that never existed says "This link is not valid", and nothing is logged', async ({ page }) => {
  const problems = appConsoleProblems(page);
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/track/')) answers.push(response.status());
  });
  // The page's timers are Playwright's (time flows as usual): its polls and retries can be run at will.
  await page.clock.install();

  // Shaped like a real link (43 characters), but unknown: 404.
  const unknown = `/track/${'Q'.repeat(43)}`;
  await page.goto(unknown);
  await expect(page.getByRole('heading', { name: 'This link is not valid', level: 1 })).toBeVisible();
  await expect(page.getByText('This SOS has ended')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /112/ })).toHaveAttribute('href', 'tel:112');
  // Not retried, not polled: the server was asked once.
  expect(await answersAfterTwoMinutes(page, `/api${unknown}`)).toEqual([404]);

  // Not even shaped like a link (a token has 12 to 100 letters, digits, - or _): 400, the same message, asked once too.
  await page.goto('/track/not-a-link');
  await expect(page.getByRole('heading', { name: 'This link is not valid', level: 1 })).toBeVisible();
  expect(await answersAfterTwoMinutes(page, '/api/track/not-a-link')).toEqual([400]);

  // The short form an SMS carries (`/t/` and 12 letters or digits), unknown too: the server's
  // redirect leads to the same page, and the server is asked once.
  const unknownShort = 'Zz9Yy8Xx7Ww6';
  await page.goto(`/t/${unknownShort}`);
  await expect(page).toHaveURL(new RegExp(`/track/${unknownShort}$`));
  await expect(page.getByRole('heading', { name: 'This link is not valid', level: 1 })).toBeVisible();
  expect(await answersAfterTwoMinutes(page, `/api/track/${unknownShort}`)).toEqual([404]);
  expect(answers).toEqual([404, 400, 404]);
  expect(problems).toEqual([]);
});

test('a contact follows the live link, and it says "This SOS has ended" once the SOS is resolved', async ({ page, request }) => {
  const contactPhone = randomPhone();
  const victim = await signUpViaApi(request, randomPhone(), {
    ...completedProfile('Farida Khan', '1990-03-14', { city: 'Ahmedabad', pincode: '380009' }),
    emergencyContacts: [{ name: 'Salim Khan', phoneNumber: contactPhone }],
  });
  const raised = await request.post('/api/sos', {
    headers: bearer(victim.token),
    data: { latitude: 23.0225, longitude: 72.5714, accuracy: 20, threat: 'medical', contactsOnly: true },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const { id } = (await raised.json()) as { id: number };
  // The SMS carries `host/t/<token>`; tapped, it goes through the server's redirect to the tracking page.
  const { link } = await smsLinkTextedTo(contactPhone);
  const token = link.split('/t/')[1] as string;

  const problems = appConsoleProblems(page);
  await page.goto(linkAsTapped(link));
  await expect(page).toHaveURL(new RegExp(`/track/${token}$`));
  await expect(page.getByRole('heading', { name: 'Farida asked for help', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in Maps' })).toBeVisible();

  const resolved = await request.post(`/api/sos/${id}/resolve`, { headers: bearer(victim.token) });
  expect(resolved.status(), await resolved.text()).toBe(200);
  // The page polls every 5 s: the next answer is 410.
  const ended = page.getByRole('heading', { name: 'This SOS has ended', level: 1 });
  await expect(ended).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Open in Maps' })).toHaveCount(0);
  await expect(page.getByText('This link is not valid')).toHaveCount(0);

  // Opened again later: still ended, not "not valid".
  await page.reload();
  await expect(ended).toBeVisible();
  await expect(page.getByText('The location is no longer shared.')).toBeVisible();
  expect(problems).toEqual([]);
});
