import type { Page } from '@playwright/test';
import { bearer, signUpViaApi, storeSession } from '../support/api';
import { expect, loginThroughUi, test } from '../support/fixtures';
import { DESKTOP, HINDI, MODERATOR_PHONE, shootDesk } from '../support/desks';
import { expectNoSeriousA11yViolations } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { randomPhone } from '../support/sms';
import { translationOf } from '../support/translations';

/**
 * The reels desk end to end: someone reports a reel from the reels player; the seeded moderator
 * (Swati Deshmukh, 9000000038, README.md's demo table; her app is in Hindi) finds it under
 * "reported" on /shorts-crud with the reason, hides it with a reason; the reel is gone from
 * /incident-reels and its author finds the notice in /notifications.
 *
 * Riya Kapoor (9000000036) reports: a seeded user no other test signs in as. The author is a
 * new account, and the reel a new hosted-video reel, so no other test's reels are touched.
 */
const REPORTER_PHONE = '9000000036';
const desk = (english: string) => translationOf(english, 'reels-desk', HINDI);

test('a reported reel is found on the desk, hidden with a reason, gone from the feed, and its author is told', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Fake accident video ${stamp}`;
  const author = await signUpViaApi(request, randomPhone(), { name: 'Rahul Verma' });
  const created = await request.post('/api/incidents/upload', {
    headers: bearer(author.token),
    data: { videoUrl: 'https://youtu.be/M7lc1UVf-VE', videoSource: 'youtube', title, description: 'Staged crash near the highway' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const reelId = ((await created.json()) as { id: number }).id;

  // The reporter: More actions → Report on the reel in the player, a reason and a note.
  await loginThroughUi(page, REPORTER_PHONE);
  await page.goto('/incident-reels');
  const reel = page.locator(`[data-testid="reel"][data-reel-id="${reelId}"]`);
  await reel.scrollIntoViewIfNeeded();
  await reel.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report this reel' });
  await report.getByRole('radio', { name: 'Harassment' }).check();
  await report.getByRole('textbox', { name: /Note for the moderators/ }).fill('Mocks the people in the crash');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. The moderators will look at it.')).toBeVisible();
  await expect(report).toBeHidden();

  // The moderator, in Hindi: the reel under "reported", with the reason and the note.
  const moderatorContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const moderator = await moderatorContext.newPage();
  await loginThroughUi(moderator, MODERATOR_PHONE);
  await moderator.goto('/shorts-crud');
  await expect(moderator.getByRole('heading', { level: 1, name: desk('Reels desk') })).toBeVisible();
  await moderator.getByRole('button', { name: desk('Reported'), exact: true }).click();
  await expect(moderator.getByRole('button', { name: desk('Reported'), exact: true })).toHaveAttribute('aria-pressed', 'true');
  const card = moderator.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  const harassment = translationOf('Harassment', 'reels', HINDI);
  await expect(card.getByText(`${harassment} × 1`)).toBeVisible();
  await expect(card.getByText('“Mocks the people in the crash”')).toBeVisible();
  await expectNoSeriousA11yViolations(moderator);
  await shoot(moderator, 'desk-reported');

  // Hide it with a reason the author will read.
  await card.getByRole('button', { name: desk('Hide'), exact: true }).click();
  const hide = moderator.getByRole('dialog', { name: desk('Hide this reel?') });
  await hide.getByRole('textbox', { name: desk('Reason') }).fill('Staged video that mocks the injured');
  await shoot(moderator, 'hide-dialog');
  await hide.getByRole('button', { name: desk('Hide'), exact: true }).click();
  await expect(moderator.getByText(desk('Reel hidden. The author has been told.'))).toBeVisible();
  // Acted on: no longer waiting under "reported"; under "hidden", with the reason.
  await expect(card).toBeHidden();
  await moderator.getByRole('button', { name: desk('Hidden'), exact: true }).click();
  const hiddenCard = moderator.getByRole('article', { name: title });
  await expect(hiddenCard.getByText(`${desk('Hidden: {{reason}}').replace('{{reason}}', 'Staged video that mocks the injured')}`)).toBeVisible();
  await expect(hiddenCard.getByRole('button', { name: desk('Restore'), exact: true })).toBeVisible();
  await shoot(moderator, 'desk-hidden');

  // Adding a hosted video checks the 11-character id before anything is sent.
  await expect(moderator.getByText(desk('Reel hidden. The author has been told.'))).toBeHidden({ timeout: 10_000 });
  await moderator.getByRole('button', { name: desk('Add hosted video') }).click();
  const add = moderator.getByRole('dialog', { name: desk('Add a hosted video') });
  await add.getByRole('textbox', { name: desk('Video id') }).fill('M7lc1UVf-V');
  await add.getByRole('button', { name: desk('Add hosted video') }).click();
  await expect(add.getByText(desk('Enter the 11-character video id, or a link to the video.'))).toBeVisible();
  await shoot(moderator, 'add-dialog');
  await add.getByRole('button', { name: desk('Cancel') }).click();
  await moderatorContext.close();

  // Gone from the reels feed.
  await page.goto('/incident-reels');
  await expect(page.getByTestId('reel').first()).toBeVisible();
  await expect(page.locator(`[data-testid="reel"][data-reel-id="${reelId}"]`)).toHaveCount(0);

  // The author is told, with the moderator's words.
  const authorContext = await browser.newContext({ ...SMALL_PHONE, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const authorPage = await authorContext.newPage();
  await storeSession(authorPage, author);
  await authorPage.goto('/notifications');
  await expect(authorPage.getByText('Your reel was hidden')).toBeVisible();
  await expect(authorPage.getByText(`A moderator hid your reel "${title}". Reason: Staged video that mocks the injured`)).toBeVisible();
  await authorContext.close();
});

test('a plain user who opens /shorts-crud reads that it is not for their account', async ({ page, request }) => {
  const user = await signUpViaApi(request, randomPhone(), { name: 'Kunal Shah' });
  await storeSession(page, user);
  await page.goto('/shorts-crud');
  await expect(page.getByRole('heading', { level: 1, name: 'Reels desk' })).toBeVisible();
  await expect(page.getByText(/This screen is for moderators\. It is not part of your account/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add hosted video' })).toHaveCount(0);
});

const shoot = (page: Page, name: string) => shootDesk(page, 'reels-desk', name);
