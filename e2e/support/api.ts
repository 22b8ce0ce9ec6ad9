import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ENV_BASE_URL, requiredEnv } from './env';
import { codesSentTo, rememberResendDelay, waitForNewCode, waitUntilCodeMayBeRequested } from './sms';

/** Where the web app remembers who is signed in (the user only, never the token). */
export const SESSION_STORAGE_KEY = 'saathi.session';
/** The HttpOnly session cookie the server sets at login (over http, as in these tests). */
export const SESSION_COOKIE = 'saathi_session';

export interface ApiSession {
  token: string;
  user: { id: number; name: string | null; profileCompleted: boolean } & Record<string, unknown>;
}

/**
 * Signs a number up through the real OTP calls (the code is read from the server's SMS
 * line) and applies `profile` with PATCH /api/users/me. For tests whose subject is not
 * the login screen itself.
 */
export async function signUpViaApi(request: APIRequestContext, phone: string, profile: Record<string, unknown>): Promise<ApiSession> {
  const { token } = await signInViaApi(request, phone);

  const updated = await request.patch('/api/users/me', { headers: bearer(token), data: profile });
  expect(updated.status(), await updated.text()).toBe(200);
  return { token, user: (await updated.json()) as ApiSession['user'] };
}

/** A finished profile of an adult living in `place` (in Gujarat unless `place.state` says otherwise), for signUpViaApi. */
export function completedProfile(name: string, dob: string, place: { city: string; pincode: string; state?: string }) {
  return { name, dob, city: place.city, state: place.state ?? 'Gujarat', pincode: place.pincode, profileCompleted: true };
}

/** Signs an existing (e.g. seeded) user in through the real OTP calls, changing nothing on the account. */
export async function signInViaApi(request: APIRequestContext, phone: string): Promise<ApiSession> {
  await waitUntilCodeMayBeRequested(phone);
  const seen = codesSentTo(phone).length;
  const sent = await request.post('/api/auth/otp/request', { data: { phoneNumber: phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  const { attemptId, resendAfterSeconds } = (await sent.json()) as { attemptId: string; resendAfterSeconds: number };
  rememberResendDelay(phone, resendAfterSeconds);
  const code = await waitForNewCode(phone, seen);
  const verified = await request.post('/api/auth/otp/verify', { data: { phoneNumber: phone, code, attemptId } });
  expect(verified.status(), await verified.text()).toBe(200);
  return (await verified.json()) as ApiSession;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Puts a session where the browser keeps it after a login: the HttpOnly cookie, and the user in localStorage. */
export async function storeSession(page: Page, session: ApiSession): Promise<void> {
  await page.context().addCookies([{ name: SESSION_COOKIE, value: session.token, url: requiredEnv(ENV_BASE_URL), httpOnly: true, sameSite: 'Strict' }]);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [SESSION_STORAGE_KEY, JSON.stringify({ user: session.user })]);
}

/** The session the browser holds after a login through the UI: the cookie's token and the remembered user. */
export async function readStoredSession(page: Page): Promise<ApiSession> {
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, 'the server set the session cookie at login').toBeDefined();
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  expect(raw, 'the app remembers the signed-in user in localStorage').not.toBeNull();
  return { token: (cookie as { value: string }).value, user: (JSON.parse(raw as string) as { user: ApiSession['user'] }).user };
}
