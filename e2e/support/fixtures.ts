import { test as base, expect, type Page } from '@playwright/test';
import { ENV_BASE_URL, requiredEnv } from './env';
import { codesSentTo, rememberResendDelay, waitForNewCode, waitUntilCodeMayBeRequested } from './sms';

export type Login = (page: Page, phone: string) => Promise<void>;

/** Matches /login and /login/<referrer>, not paths that merely start with "login". */
export const LOGIN_URL = /\/login(?:\/[^/?#]*)?(?:[?#].*)?$/;

/**
 * Logs in through the real UI: types the number, asks for a code, reads the code from
 * the server's `[sms] to=+91<phone> text=...` line (the newest for that number), types it
 * and waits to leave /login. A page the app already sent to /login (a log-in prompt) is used
 * as it is, so the app can return to where the user came from.
 */
export const loginThroughUi: Login = async (page, phone) => {
  await waitUntilCodeMayBeRequested(phone);
  const phoneField = page.getByRole('textbox', { name: 'Mobile number', exact: true });
  if (!LOGIN_URL.test(page.url()) || !(await phoneField.isVisible())) await page.goto('/login');
  await phoneField.fill(phone);

  const seen = codesSentTo(phone).length;
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/otp/request') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Send code', exact: true }).click(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
  rememberResendDelay(phone, ((await response.json()) as { resendAfterSeconds: number }).resendAfterSeconds);
  const code = await waitForNewCode(phone, seen);

  await page.getByRole('textbox', { name: 'Enter the 6-digit code', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).not.toHaveURL(LOGIN_URL);
};

/** Chromium's console line for anything the Content-Security-Policy blocked. */
const CSP_VIOLATION = /Content Security Policy/i;

export const test = base.extend<{ login: Login }>({
  // The server listens on a port chosen by the global setup.
  baseURL: async ({}, use) => {
    await use(requiredEnv(ENV_BASE_URL));
  },
  // Every page of every test runs under the app's real CSP: anything it blocks fails the test.
  context: async ({ context }, use) => {
    const violations: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    });
    await use(context);
    expect(violations, 'the Content-Security-Policy blocked something the app needs').toEqual([]);
  },
  login: async ({}, use) => {
    await use(loginThroughUi);
  },
});

export { expect };
