import { signUpViaApi, storeSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';
import { translationOf } from '../support/translations';

/** The app remembers the chosen language here (apps/web/src/i18n/languages.ts). */
const LANGUAGE_STORAGE_KEY = 'saathi.language';

const HELPLINES = ['112', '100', '101', '108', '1091', '181', '1098', '1930', '14416'];

test.use({ viewport: SMALL_PHONE.viewport });

/** The information pages, each at 360×640 and 1280×800, whole page kept for a person to look at. */
const PAGES = [
  { path: '/home', heading: 'Saathi: help is closer than you think', namespace: 'home' },
  { path: '/help', heading: 'Help', namespace: 'pages' },
  { path: '/tnc', heading: 'Terms of use', namespace: 'pages' },
  { path: '/about-us', heading: 'About Saathi', namespace: 'pages' },
  { path: '/test', heading: 'Is my phone ready for an emergency?', namespace: 'readiness' },
] as const;

for (const { path, heading, namespace } of PAGES) {
  test(`${path} reads well at 360×640 and 1280×800, with no serious axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    const slug = path.slice(1);
    await keepScreenshot(page, `pages/${slug}-360.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, `pages/${slug}-1280.png`, { fullPage: true });
    // The same page in Hindi and Gujarati, as a visitor who chose the language sees it.
    await page.setViewportSize(SMALL_PHONE.viewport);
    for (const language of ['hi-IN', 'gu-IN']) {
      await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [LANGUAGE_STORAGE_KEY, language]);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: translationOf(heading, namespace, language) })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await keepScreenshot(page, `pages/${slug}-${language}-360.png`, { fullPage: true });
    }
  });
}

test('the helplines on /help are tap-to-call tel: links', async ({ page }) => {
  await page.goto('/help');
  const section = page.getByRole('region', { name: "India's helplines" });
  for (const number of HELPLINES) {
    await expect(section.locator(`a[href="tel:${number}"]`)).toBeVisible();
  }
  await expect(section.getByRole('link', { name: 'Call Tele-MANAS mental health, 14416' })).toHaveAttribute('href', 'tel:14416');
  // The FAQ opens one answer at a time.
  const question = page.getByRole('button', { name: 'Does Saathi call the police for me?' });
  await question.click();
  await expect(page.getByText('No. Saathi alerts your contacts and nearby volunteers.', { exact: false })).toBeVisible();
});

test('the privacy notice names the configured grievance officer', async ({ page }) => {
  await page.goto('/tnc#privacy');
  await expect(page.getByRole('heading', { level: 2, name: 'Privacy notice' })).toBeVisible();
  const officer = page.getByRole('region', { name: 'Grievance officer' });
  await expect(officer.getByRole('link', { name: 'grievance@saathi.invalid' })).toHaveAttribute('href', 'mailto:grievance@saathi.invalid');
  await expect(officer.locator('a[href^="tel:"]')).toBeVisible();
});

test("/test shows a new user's profile gaps with links to fix them, and a signed-in user's shortcuts on /home", async ({ page, request }) => {
  const session = await signUpViaApi(request, randomPhone(), { name: 'Kavya Shah', dob: '1996-02-11', profileCompleted: true });
  await storeSession(page, session);
  await page.goto('/test');
  await expect(page.getByText('You have no emergency contacts.', { exact: false })).toBeVisible();
  await expect(page.getByText('You have no saved home location.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add contacts' })).toHaveAttribute('href', '/account?tab=contacts');
  // The test push, end to end through the server: POST /api/push/test writes the notification
  // and sends it the way every alert travels. Headless Chromium has no push service to deliver
  // a real Web Push (pushManager.subscribe needs Google's, out of reach here), so this phone has
  // no subscription and the page says so; the same notification still reaches the open page on
  // the app's live stream, which the page shows. Delivery to a push service, encrypted and
  // VAPID-signed, is proven against the local Web Push peer in apps/server's push-test.test.ts.
  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByText('The app received it: “Test notification from Saathi”', { exact: false })).toBeVisible();
  await expect(page.getByText('This phone is not set up for notifications yet.', { exact: false })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'pages/test-signed-in-360.png', { fullPage: true });
  await page.getByRole('link', { name: 'Add a place' }).click();
  await expect(page).toHaveURL(/\/account\?tab=locations$/);

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Kavya Shah' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link')).toHaveCount(9);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'pages/home-signed-in-360.png', { fullPage: true });
});
