import { expect, test } from '../support/fixtures';
import { codesSentTo, randomPhone, rememberResendDelay, waitForNewCode } from '../support/sms';
import { translationOf } from '../support/translations';
import { storeOnEveryPage } from '../support/storage';

// The app remembers the chosen language here (apps/web/src/i18n/languages.ts), signed out too.
const LANGUAGE_STORAGE_KEY = 'saathi.language';

test('a Hindi user who types a wrong login code reads why in Hindi, not the server’s English', async ({ page }) => {
  await storeOnEveryPage(page, LANGUAGE_STORAGE_KEY, 'hi-IN');
  const hi = (english: string, namespace: string) => translationOf(english, namespace, 'hi-IN');
  const phone = randomPhone();

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await page.getByRole('textbox', { name: hi('Mobile number', 'auth'), exact: true }).fill(phone);
  const seen = codesSentTo(phone).length;
  const [requested] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/otp/request') && r.request().method() === 'POST'),
    page.getByRole('button', { name: hi('Send code', 'auth'), exact: true }).click(),
  ]);
  expect(requested.status(), await requested.text()).toBe(200);
  rememberResendDelay(phone, ((await requested.json()) as { resendAfterSeconds: number }).resendAfterSeconds);

  // A code that is surely not the one the local SMS peer received.
  const sent = await waitForNewCode(phone, seen);
  const wrong = sent === '000000' ? '111111' : '000000';
  const codeField = page.getByRole('textbox', { name: hi('Enter the 6-digit code', 'auth'), exact: true });
  await codeField.fill(wrong);
  const [verified] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/otp/verify') && r.request().method() === 'POST'),
    page.getByRole('button', { name: hi('Verify', 'auth'), exact: true }).click(),
  ]);
  expect(verified.status()).toBe(400);
  const body = (await verified.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('incorrect_code');

  // The text of the code in Hindi, on the code field; the English message is only for logs.
  await expect(page.getByText(hi('That code is not correct. Check the SMS and try again.', 'errors'), { exact: true })).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(body.error.message, { exact: true })).toHaveCount(0);
});
