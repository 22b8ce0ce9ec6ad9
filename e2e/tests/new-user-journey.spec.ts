import type { BrowserContext, Page } from '@playwright/test';
import { bearer, readStoredSession, SESSION_COOKIE } from '../support/api';
import { expect, LOGIN_URL, loginThroughUi, test } from '../support/fixtures';
import { randomPhone } from '../support/sms';
import { translationOf } from '../support/translations';

// One person's first days with the app, in order: each step starts where the last ended,
// so they share one browser context and stop at the first failure.
test.describe.configure({ mode: 'serial' });

const phone = randomPhone();
const profile = {
  name: 'Meera Desai',
  dob: '1998-04-12',
  city: 'Ahmedabad',
  state: 'Gujarat',
  pincode: '380009',
  contactName: 'Kiran Desai',
  contactPhone: '9876501234',
  placeName: 'Home',
  latitude: '23.0338',
  longitude: '72.5850',
};

const firstName = profile.name.split(' ')[0] as string;

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context.close();
});

test('a new user logs in by OTP, completes the profile stepper and sees their name', async () => {
  await loginThroughUi(page, phone);
  await expect(page).toHaveURL(/\/profile$/);

  await test.step('personal details', async () => {
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(profile.name);
    await page.getByLabel('Date of birth', { exact: true }).fill(profile.dob);
    await page.getByRole('textbox', { name: 'City', exact: true }).fill(profile.city);
    await page.getByRole('textbox', { name: 'State', exact: true }).fill(profile.state);
    await page.getByRole('textbox', { name: 'PIN code', exact: true }).fill(profile.pincode);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  });

  await test.step('one emergency contact', async () => {
    await page.getByRole('textbox', { name: 'Contact name', exact: true }).fill(profile.contactName);
    await page.getByRole('textbox', { name: 'Contact mobile number', exact: true }).fill(profile.contactPhone);
    await page.getByRole('button', { name: 'Add contact', exact: true }).click();
    await expect(page.getByText(profile.contactName)).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  });

  await test.step('one saved location by typed coordinates', async () => {
    await page.getByRole('textbox', { name: 'Place name', exact: true }).fill(profile.placeName);
    await page.getByRole('textbox', { name: 'Latitude', exact: true }).fill(profile.latitude);
    await page.getByRole('textbox', { name: 'Longitude', exact: true }).fill(profile.longitude);
    await page.getByRole('button', { name: 'Add location', exact: true }).click();
    await expect(page.getByText(profile.placeName, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  });

  await test.step('local alerts: optional, left for later', async () => {
    await expect(page.getByRole('heading', { name: 'Local alerts', level: 2 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Flooding or waterlogging/ })).not.toBeChecked();
    await page.getByRole('button', { name: 'Skip for now', exact: true }).click();
  });

  await test.step('preferences', async () => {
    await expect(page.getByRole('combobox', { name: 'Open after login' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await page.getByRole('button', { name: 'Finish', exact: true }).click();
  });

  await expect(page).toHaveURL(/\/(sos)?$/);
  // The dashboard greets the user by their first name.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(firstName);

  // What the stepper saved is what the server holds.
  const session = await readStoredSession(page);
  const me = await page.request.get('/api/users/me', { headers: bearer(session.token) });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({
    name: profile.name,
    dob: profile.dob,
    city: profile.city,
    pincode: profile.pincode,
    profileCompleted: true,
    emergencyContacts: [{ name: profile.contactName, phoneNumber: profile.contactPhone }],
    locations: [{ name: profile.placeName }],
  });
});

test("keeps the session in an HttpOnly cookie that the page's scripts cannot read", async () => {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  const token = (cookie as { value: string }).value;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Everything a script injected into the page could look at.
  const readable = await page.evaluate(() => ({
    cookies: document.cookie,
    local: JSON.stringify(Object.entries(localStorage)),
    session: JSON.stringify(Object.entries(sessionStorage)),
  }));
  expect(readable.cookies).not.toContain(token);
  expect(readable.local).not.toContain(token);
  expect(readable.session).not.toContain(token);

  // The page's own requests are signed in by the cookie alone, and a write from another
  // origin carrying it is refused.
  expect(await page.evaluate(async () => (await fetch('/api/users/me')).status)).toBe(200);
  const forged = await page.request.patch('/api/users/me', { headers: { origin: 'https://evil.example' }, data: { name: 'Taken Over' } });
  expect(forged.status()).toBe(403);
});

test('switches to Hindi, and after a reload is still logged in and still in Hindi', async () => {
  const hindiAccount = translationOf('Account', 'nav', 'hi-IN');
  await page.getByRole('button', { name: 'Language', exact: true }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('link', { name: hindiAccount }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');

  await page.reload();
  await expect(page).not.toHaveURL(LOGIN_URL);
  await expect(page.getByRole('link', { name: hindiAccount }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(firstName);

  // The choice is also saved on the account.
  const session = await readStoredSession(page);
  const me = await page.request.get('/api/users/me', { headers: bearer(session.token) });
  expect(((await me.json()) as { language: string }).language).toBe('hi-IN');
});

test('a token revoked on the server sends the page to /login at the next API call', async () => {
  const { token } = await readStoredSession(page);
  const revoked = await page.request.post('/api/auth/logout', { headers: bearer(token) });
  expect(revoked.status()).toBe(200);
  const rejected = await page.request.get('/api/users/me', { headers: bearer(token) });
  expect(rejected.status()).toBe(401);

  // Opening the account screen loads the user from the API: the 401 ends the session.
  await page.goto('/account');
  await expect(page).toHaveURL(LOGIN_URL);
  expect(await page.evaluate(() => localStorage.getItem('saathi.session'))).toBeNull();
});

test('logs in again on a new device, in the language saved on the account, and logs out', async ({ page: freshPage }) => {
  // A fresh browser starts in English; the login page is the same as on the first day.
  await loginThroughUi(freshPage, phone);
  // A completed profile goes straight to the default app (SOS dashboard).
  await expect(freshPage).toHaveURL(/\/(sos)?$/);

  await freshPage.goto('/account');
  // The Hindi chosen yesterday came back with the account.
  await freshPage.getByRole('button', { name: translationOf('Log out', 'account', 'hi-IN'), exact: true }).click();
  await expect(freshPage).toHaveURL(LOGIN_URL);
  expect(await freshPage.evaluate(() => localStorage.getItem('saathi.session'))).toBeNull();

  await freshPage.goto('/account');
  await expect(freshPage).toHaveURL(LOGIN_URL);
});
