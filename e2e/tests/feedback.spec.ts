import type { Browser, Page } from '@playwright/test';
import { bearer, signInViaApi, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { ENV_BASE_URL, requiredEnv } from '../support/env';
import { expect, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, transitionsFinished } from '../support/page-checks';
import { phoneAt, SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';

/**
 * Feedback end to end: a new member writes a ticket with a screenshot while the phone is offline;
 * it waits on the phone ("Waiting to send") and reaches the server when the connection returns.
 * The seeded admin (Rohan Desai, 9000000001) finds it in /manage/feedback with its screenshot and
 * diagnostics and answers it; the member reads the answer on /feedback and in /notifications.
 */
const ADMIN_PHONE = '9000000001';
const DESKTOP = { width: 1280, height: 800 };
const MUMBAI = { latitude: 19.076, longitude: 72.8777 };

async function pageFor(browser: Browser, session: ApiSession, options: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext({ baseURL: requiredEnv(ENV_BASE_URL), locale: 'en-US', timezoneId: 'Asia/Kolkata', ...options });
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.setViewportSize(DESKTOP);
  await transitionsFinished(page);
  await keepScreenshot(page, `feedback/${name}-1280x800.png`, { fullPage: true });
  await page.setViewportSize(SMALL_PHONE.viewport);
  await expectNoHorizontalScroll(page);
  await transitionsFinished(page);
  await keepScreenshot(page, `feedback/${name}-360x640.png`, { fullPage: true });
}

test('feedback written offline is sent when the phone is back online, and the admin answers it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const text = `The map does not load on my street ${Date.now().toString(36)}`;
  const member = await signUpViaApi(request, randomPhone(), { name: 'Meera Iyer', dob: '1996-02-11', profileCompleted: true });
  const page = await pageFor(browser, member, phoneAt(MUMBAI));

  // Reached from the account page.
  await page.goto('/account');
  await page.getByRole('link', { name: 'Send feedback' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Send feedback' })).toBeVisible();
  // What would be attached is shown before sending: no location unless ticked.
  const attached = page.getByRole('region', { name: 'Sent with your ticket' });
  await expect(attached.getByText('App version')).toBeVisible();
  await expect(attached.getByText('Location permission')).toBeVisible();
  await expect(attached.getByText('Not sent')).toBeVisible();
  await expect(page.getByText('You have not sent any feedback yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'empty-form');

  // Bad input is caught before anything is sent.
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Choose what your feedback is about.')).toBeVisible();
  await expect(page.getByText('Write your message.')).toBeVisible();

  await page.getByRole('radio', { name: 'Problem' }).check();
  await page.getByRole('textbox', { name: 'Your message' }).fill(text);
  const screenshot = await page.screenshot();
  await page.locator('input[type="file"]').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: screenshot });
  await expect(page.getByText(/^map\.png \(/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Add my current location' }).check();
  await expect(attached.getByText(/^19\.076, 72\.8777 \(within \d+ m\)$/)).toBeVisible();

  // Offline: it is kept on the phone, visibly waiting.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('You are offline. Your feedback is saved on this device and will be sent when the connection returns.')).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting to send' });
  await expect(waiting.getByText(text)).toBeVisible();
  await expect(waiting.getByText('1 ticket is saved on this device and will be sent when you are back online.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'waiting-offline');
  const admin = await signInViaApi(request, ADMIN_PHONE);
  const before = await request.get('/api/feedback?status=open', { headers: bearer(admin.token) });
  expect(JSON.stringify(await before.json())).not.toContain(text);

  // Back online: sent by itself, and listed under "My tickets".
  await page.context().setOffline(false);
  await expect(waiting).toBeHidden({ timeout: 20_000 });
  const mine = page.getByRole('region', { name: 'My tickets' });
  await expect(mine.getByText(text)).toBeVisible();
  await expect(mine.getByText('Open', { exact: true })).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Open the screenshot' })).toBeVisible();

  // The admin's inbox: the ticket with its screenshot and diagnostics (the location ticked).
  const desk = await pageFor(browser, admin, { viewport: DESKTOP });
  await desk.goto('/manage');
  await desk.getByRole('link', { name: /Feedback inbox/ }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Feedback inbox' })).toBeVisible();
  const card = desk.getByRole('listitem').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByText(/From Meera Iyer/)).toBeVisible();
  await expect(card.getByRole('img', { name: /Screenshot sent with ticket/ })).toBeVisible();
  await card.getByText('Diagnostics').click();
  await expect(card.getByText(/^19\.076, 72\.8777/)).toBeVisible();
  await expectNoSeriousA11yViolations(desk);
  await shoot(desk, 'inbox');

  await card.getByRole('textbox', { name: 'Your answer' }).fill('Thank you, Meera. The map tiles for your area are fixed now.');
  await card.getByRole('button', { name: 'Send answer' }).click();
  // Answered: no longer among the open ones; under "Answered" with the answer.
  await expect(card).toBeHidden();
  await desk.getByRole('button', { name: 'Answered', exact: true }).click();
  const answered = desk.getByRole('listitem').filter({ hasText: text });
  await expect(answered.getByText('The map tiles for your area are fixed now.', { exact: false })).toBeVisible();
  await shoot(desk, 'inbox-answered');

  // The member reads the answer, and was notified.
  await page.reload();
  await expect(mine.getByText('Answered', { exact: true })).toBeVisible();
  await expect(mine.getByText('Thank you, Meera. The map tiles for your area are fixed now.')).toBeVisible();
  await shoot(page, 'answered');
  await page.goto('/notifications');
  await expect(page.getByText('Your feedback was answered')).toBeVisible();
});
