import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
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

/**
 * What went wrong inside the pages of the browser contexts it watches: anything the
 * Content-Security-Policy blocked, and every uncaught error or unhandled promise rejection
 * (Chromium reports both as the context's `weberror`, for every page of it, popups included).
 */
export class PageProblems {
  readonly cspViolations: string[] = [];
  readonly pageErrors: string[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    // Chromium logs a blocked load or inline script, but not an eval a script tried and caught
    // (a library probing whether it may compile code): the page's own event names those too.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    context.on('console', (message) => {
      if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) this.cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    });
    context.on('weberror', (webError) => this.pageErrors.push(`${webError.page()?.url() ?? ''}: ${describeError(webError.error())}`));
  }

  /** Fails the test on anything seen. */
  expectNone(): void {
    expect(this.cspViolations, 'the Content-Security-Policy blocked something the app needs').toEqual([]);
    expect(this.pageErrors, 'an uncaught error or unhandled rejection in the page').toEqual([]);
  }
}

/** An error's message and the top of its stack (the page's own frames say where it was thrown). */
export function describeError(error: Error): string {
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at '))
    .slice(0, 3);
  return [`${error.name}: ${error.message}`, ...stack.map((line) => line.trim())].join(' | ');
}

export const test = base.extend<{ login: Login; pageProblems: PageProblems }>({
  // The server listens on a port chosen by the global setup.
  baseURL: async ({}, use) => {
    await use(requiredEnv(ENV_BASE_URL));
  },
  // Every page of every test runs under the app's real CSP and must not throw: anything blocked,
  // any uncaught error or unhandled rejection fails the test. Contexts a test opens itself
  // (browser.newContext, browser.newPage) are watched as well as the test's own.
  pageProblems: [
    async ({ browser }, use) => {
      const problems = new PageProblems();
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args);
        await problems.watch(context);
        return context;
      };
      try {
        await use(problems);
      } finally {
        // The browser outlives the test (one per worker): its own method again.
        delete (browser as Partial<Pick<Browser, 'newContext'>>).newContext;
      }
      problems.expectNone();
    },
    { auto: true },
  ],
  context: async ({ context, pageProblems }, use) => {
    await pageProblems.watch(context);
    await use(context);
  },
  login: async ({}, use) => {
    await use(loginThroughUi);
  },
});

export { expect };
