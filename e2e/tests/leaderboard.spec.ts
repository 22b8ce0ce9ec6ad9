import { bearer, signInViaApi, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { clippedTexts, expectNoSeriousA11yViolations, horizontalOverflow } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';
import { translationOf } from '../support/translations';
import type { APIRequestContext, Page } from '@playwright/test';
import { storeOnEveryPage } from '../support/storage';

// The app remembers the chosen language here (apps/web/src/i18n/languages.ts).
const LANGUAGE_STORAGE_KEY = 'saathi.language';

test.use(SMALL_PHONE);

async function expectFitsThePhone(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  expect(await horizontalOverflow(page)).toBeNull();
  expect(await clippedTexts(page)).toEqual([]);
}

test('Priya sees her city first, her score breakdown and the ranking of India', async ({ page, request }) => {
  // Seeded (apps/server/src/seed/README.md): Ahmedabad, Gujarat, four counted referrals, home and office.
  const session = await signInViaApi(request, '9000000002');
  await storeSession(page, session);
  await page.goto('/leaderboard');

  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Leaderboard areas' }).getByRole('tab');
  await expect(tabs.nth(0)).toHaveText('Ahmedabad');
  await expect(tabs.nth(1)).toHaveText('Gujarat');
  await expect(tabs.nth(2)).toHaveText('India');
  // One more tab per saved place that is not a business's.
  expect(await tabs.count()).toBeGreaterThan(3);
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

  const city = page.getByRole('list', { name: 'Rankings: Ahmedabad' });
  await expect(city.getByRole('listitem').first()).toContainText('Rank 1');
  await expect(city.getByRole('listitem').first()).toContainText('Gold');
  // Priya is in the first page of Ahmedabad: her row is marked, not pinned.
  await expect(city.locator('[aria-current="true"]')).toContainText('Priya Sharma');
  await expect(page.getByRole('region', { name: 'Your position' })).toHaveCount(0);

  const card = page.getByRole('region', { name: 'Your score' });
  await expect(card.getByTestId('your-score')).toHaveText(/^\d+ points$/);
  const toggle = card.getByRole('button', { name: 'How you earned it' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const line of [
    'People you referred',
    'Places your referrals saved',
    'Places where you volunteer',
    'Days you used Saathi',
    'Days your referrals used Saathi',
  ]) {
    await expect(card.getByRole('term').filter({ hasText: line })).toBeVisible();
  }
  await expect(card.getByRole('term').filter({ hasText: 'People you referred' })).toContainText('4 people');
  await expect(card.getByRole('term').filter({ hasText: 'Total' })).toBeVisible();

  await expectFitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, `leaderboard/priya-city-360.png`, { fullPage: true });

  await page.getByRole('tab', { name: 'India' }).click();
  const india = page.getByRole('list', { name: 'Rankings: India' });
  await expect(india.getByRole('listitem').first()).toContainText('Rank 1');
  expect(await india.getByRole('listitem').count()).toBeGreaterThan(3);
  await expect(page).toHaveURL(/\?tab=country$/);
  await expectFitsThePhone(page);
  await keepScreenshot(page, `leaderboard/priya-india-360.png`);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Certificate' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeNull();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, `leaderboard/priya-india-1280.png`);
});

/** Changes the profile through the API and hands the browser the updated user. */
async function patchProfile(page: Page, request: APIRequestContext, session: ApiSession, profile: Record<string, unknown>): Promise<void> {
  const updated = await request.patch('/api/users/me', { headers: bearer(session.token), data: profile });
  expect(updated.status(), await updated.text()).toBe(200);
  await storeSession(page, { token: session.token, user: (await updated.json()) as ApiSession['user'] });
}

test('without a city the state opens first; without either the first saved place, else India', async ({ page, request }) => {
  const session = await signUpViaApi(request, randomPhone(), { name: 'Hetal Parikh', dob: '1992-06-15', state: 'Gujarat', profileCompleted: true });
  await storeSession(page, session);
  await page.goto('/leaderboard');
  await expect(page.getByRole('tab', { name: 'Gujarat' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab')).toHaveText(['Gujarat', 'India']);
  await expect(page.getByRole('list', { name: 'Rankings: Gujarat' })).toBeVisible();

  // Paldi, Ahmedabad: the seeded neighbours with saved places nearby are ranked within 5 km.
  const college = { name: 'College', isBusinessLocation: false, location: { type: 'Point', coordinates: [72.5636, 23.0089] } };
  const shop = { name: 'Stall', isBusinessLocation: true, location: { type: 'Point', coordinates: [72.58, 23.03] } };
  await patchProfile(page, request, session, { state: null, locations: [shop, college] });
  await page.goto('/leaderboard');
  await expect(page.getByRole('tab')).toHaveText(['India', 'College']);
  await expect(page.getByRole('tab', { name: 'College' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Rankings: College' })).toBeVisible();
  await expectFitsThePhone(page);
  await keepScreenshot(page, `leaderboard/place-tab-360.png`);

  await patchProfile(page, request, session, { locations: [shop], showOnLeaderboard: false });
  await page.goto('/leaderboard');
  await expect(page.getByRole('tab')).toHaveText(['India']);
  await expect(page.getByRole('tab', { name: 'India' })).toHaveAttribute('aria-selected', 'true');
  // Hidden from others: the page says why, links to the setting, and pins her own row.
  await expect(page.getByText('Others do not see you on leaderboards, because “Show me on leaderboards” is off.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your position' })).toContainText('Hetal Parikh');
  await expectFitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, `leaderboard/hidden-india-360.png`);

  await page.getByRole('link', { name: 'Change this setting' }).click();
  const toggle = page.getByRole('switch', { name: 'Show me on leaderboards' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(toggle).toBeChecked();
  await keepScreenshot(page, `leaderboard/account-privacy-360.png`, { fullPage: true });

  // Hindi and Gujarati words are longer: the open breakdown still fits the phone.
  for (const language of ['hi-IN', 'gu-IN'] as const) {
    await patchProfile(page, request, session, { language });
    await storeOnEveryPage(page, LANGUAGE_STORAGE_KEY, language);
    await page.goto('/leaderboard');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.getByRole('button', { name: translationOf('How you earned it', 'leaderboard', language) }).click();
    await expect(page.getByRole('term').filter({ hasText: translationOf('Total', 'leaderboard', language) })).toBeVisible();
    await expectFitsThePhone(page);
    await keepScreenshot(page, `leaderboard/breakdown-${language}-360.png`, { fullPage: true });
  }
});
