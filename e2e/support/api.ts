import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codesSentTo, rememberResendDelay, waitForNewCode } from './sms';

export const SESSION_STORAGE_KEY = 'saathi.session';

export interface ApiSession {
  token: string;
  user: { id: number; name: string | null; profileCompleted: boolean } & Record<string, unknown>;
}

/**
 * Signs a number up through the real OTP calls (the code is read from the server's SMS
 * line) and applies `profile` with PATCH /api/users/me. For tests whose subject is not
 * the login screen itself.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  phone: string,
  profile: Record<string, unknown>,
): Promise<ApiSession> {
  const seen = codesSentTo(phone).length;
  const sent = await request.post('/api/auth/otp/request', { data: { phoneNumber: phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  rememberResendDelay(phone, ((await sent.json()) as { resendAfterSeconds: number }).resendAfterSeconds);
  const code = await waitForNewCode(phone, seen);

  const verified = await request.post('/api/auth/otp/verify', { data: { phoneNumber: phone, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { token } = (await verified.json()) as ApiSession;

  const updated = await request.patch('/api/users/me', { headers: bearer(token), data: profile });
  expect(updated.status(), await updated.text()).toBe(200);
  return { token, user: (await updated.json()) as ApiSession['user'] };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Puts a session where the web app keeps it, as a completed login would. */
export async function storeSession(page: Page, session: ApiSession): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [SESSION_STORAGE_KEY, JSON.stringify(session)],
  );
}

/** The session the web app stored after login. */
export async function readStoredSession(page: Page): Promise<ApiSession> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  expect(raw, 'the app keeps its session in localStorage').not.toBeNull();
  return JSON.parse(raw as string) as ApiSession;
}
