import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { linkAsTapped, randomPhone, smsLinkTextedTo, textsSentTo } from '../support/sms';
import { storeOnEveryPage } from '../support/storage';
import { translationOf } from '../support/translations';

/**
 * "Walk me home" end to end. The e2e server counts a timer minute as one second
 * (global-setup.ts): a walk estimated at 13 minutes is expected in 13 s, and its alarm rings
 * 10 s (the grace) later. The server's own checks run on that clock too ("Are you OK?" after
 * 10 silent minutes is 10 s here), while the phone sends its points on the real clock (the
 * first at once, then every 20 s), so the walks below are short: each step of the track goes
 * out at once because the walker opens the journey screen again, as a reopened app does.
 */

/** Her saved Home (Ellisbridge), and a walk towards it from 700 m north: 700 m × 1.3 at 4.5 km/h is 13 minutes. */
const HOME = { latitude: 23.0225, longitude: 72.5714 };
const START = { latitude: 23.0288, longitude: 72.5714 };
const MIDWAY = { latitude: 23.0257, longitude: 72.5714 };
/** 45 m from Home: within the 150 m that asks "Arrived?". */
const DOORSTEP = { latitude: 23.0229, longitude: 72.5714 };
/** 250 m from Home: 250 m × 1.3 on foot is under 5 minutes, so the journey is the shortest, 5 minutes. */
const NEARBY = { latitude: 23.02475, longitude: 72.5714 };

const SAFETY_PIN = '2580';
const DURESS_PIN = '1379';

test.use({ ...SMALL_PHONE, geolocation: { ...START, accuracy: 10 }, permissions: ['geolocation'] });

const coordinates = (at: { latitude: number; longitude: number }) => `${at.latitude.toFixed(6)}, ${at.longitude.toFixed(6)}`;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '');
/** The live-location link an SMS carries (`host/t/<token>`), or an empty string. */
const linkIn = (sms: string) => /\S+\/t\/[A-Za-z0-9]{12}(?![A-Za-z0-9])/.exec(sms)?.[0] ?? '';

/** An SMS template of the catalogue shared with the server (packages/shared/src/locales), filled in. */
function smsText(language: string, template: string, values: Record<string, string>): string {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../packages/shared/src/locales/${language}/alerts.json`);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { sms: Record<string, string> };
  const text = catalogue.sms[template];
  if (text === undefined) throw new Error(`${language}/alerts.json has no sms.${template}`);
  return fill(text, values);
}

/** The newest SMS texted to `phone` that `matches`, waiting for it. */
async function smsTo(phone: string, matches: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = textsSentTo(phone).filter(matches).at(-1);
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new Error(`no matching SMS was texted to +91${phone} within ${timeoutMs} ms; texts: ${JSON.stringify(textsSentTo(phone))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Nisha, with her mother as emergency contact, Home saved and both PINs set. */
async function walker(request: APIRequestContext, contactPhone: string, language: string): Promise<ApiSession> {
  const session = await signUpViaApi(request, randomPhone(), {
    name: 'Nisha Trivedi',
    dob: '1996-07-21',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pincode: '380006',
    language,
    emergencyContacts: [{ name: 'Maa', phoneNumber: contactPhone }],
    locations: [{ name: 'Home', location: { type: 'Point', coordinates: [HOME.longitude, HOME.latitude] } }],
    profileCompleted: true,
  });
  const pins = await request.put('/api/users/me/safety-pins', { headers: bearer(session.token), data: { safetyPin: SAFETY_PIN, duressPin: DURESS_PIN } });
  expect(pins.status()).toBe(204);
  return session;
}

/** The walker opens the journey screen again where she is now: its first point goes out at once. */
async function reopenAt(page: Page, at: { latitude: number; longitude: number }): Promise<void> {
  await page.context().setGeolocation({ ...at, accuracy: 10 });
  const sent = page.waitForResponse((r) => /\/api\/journeys\/\d+\/positions$/.test(r.url()) && r.request().postData()?.includes(String(at.latitude)) === true);
  await page.reload();
  expect((await sent).status()).toBe(200);
}

test('a walk home: the contact follows the live location, "Arrived?" near home, the PIN ends it, and the contact reads that she arrived safely', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const contactPhone = randomPhone();
  await storeSession(page, await walker(request, contactPhone, 'en-US'));

  await page.goto('/journey');
  await expect(page.getByRole('heading', { name: 'Walk me home', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Home' })).toBeChecked();
  await page.getByRole('radio', { name: 'Walking' }).check();
  await expect(page.getByTestId('journey-chosen')).toHaveText('Going to Home');
  // Estimated from where the phone is: 700 m on foot.
  await expect(page.getByRole('spinbutton', { name: 'Minutes to get there' })).toHaveValue('13');
  await expect(page.getByTestId('journey-eta')).toHaveText(/^Expected at \d{1,2}:\d{2}\s[AP]M$/);
  await expect(page.getByRole('checkbox', { name: 'Maa' })).toBeChecked();
  await keepScreenshot(page, 'journeys/1-form-360.png', { fullPage: true });
  await page.getByRole('button', { name: 'Start the journey' }).click();
  await expect(page.getByRole('heading', { name: 'On the way to Home' })).toBeVisible();
  await expect(page.getByTestId('journey-tracking-url')).toHaveText(/\/t\/[A-Za-z0-9_-]+$/);
  await keepScreenshot(page, 'journeys/2-active-360.png', { fullPage: true });

  // Her mother's SMS, with her own live-location link.
  const { link, text } = await smsLinkTextedTo(contactPhone, 20_000);
  expect(text).toBe(smsText('en-US', 'journeyStarted', { name: 'Nisha', link }));
  expect(link.startsWith(`${new URL(baseURL as string).host}/t/`), link).toBe(true);

  const contactContext = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const contact = await contactContext.newPage();
  await contact.goto(linkAsTapped(link));
  await expect(contact.getByRole('heading', { name: 'Nisha is on the way to Home', level: 1 })).toBeVisible();
  await expect(contact.getByTestId('tracked-journey')).toContainText(/Walking · expected at \d{1,2}:\d{2}\s[AP]M/);
  await expect(contact.getByTestId('tracked-journey-age')).toHaveText(/^Updated (now|\d+ seconds? ago)$/);
  await expect(contact.getByText(coordinates(START))).toBeVisible();
  await expect(contact.getByRole('region', { name: 'Map of the journey so far' })).toBeVisible();

  // Halfway: the contact's page (refreshed every 5 s) follows.
  await reopenAt(page, MIDWAY);
  await expect(contact.getByText(coordinates(MIDWAY))).toBeVisible({ timeout: 10_000 });
  await keepScreenshot(contact, 'journeys/3-contact-360.png', { fullPage: true });

  // At the door: the server asks "Arrived? Enter your PIN", and she answers at once.
  await reopenAt(page, DOORSTEP);
  const question = page.getByRole('alert').filter({ hasText: 'Arrived? Enter your PIN' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('You are near Home.');
  await keepScreenshot(page, 'journeys/4-arrived-question-360.png', { fullPage: true });
  for (const digit of SAFETY_PIN) await page.getByRole('button', { name: `Digit ${digit}`, exact: true }).click();
  await page.getByRole('button', { name: 'I have arrived', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You have arrived' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start another journey' })).toBeVisible();
  await keepScreenshot(page, 'journeys/5-arrived-360.png', { fullPage: true });

  // Her mother's page and SMS say so.
  await expect(contact.getByRole('heading', { name: 'Arrived safely', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(contact.getByText('Nisha arrived safely. The journey has ended and the location is no longer shared.')).toBeVisible();
  await keepScreenshot(contact, 'journeys/6-contact-arrived-360.png', { fullPage: true });
  expect(await smsTo(contactPhone, (sms) => sms === smsText('en-US', 'journeyArrived', { name: 'Nisha' }))).toBeTruthy();
  await contactContext.close();
});

test('a journey that goes late asks "Are you OK?" in Hindi, and the contact is alerted in Hindi with the live location', async ({ page, browser, request }) => {
  const hi = (english: string, namespace: string) => translationOf(english, namespace, 'hi-IN');
  const contactPhone = randomPhone();
  await page.context().setGeolocation({ ...NEARBY, accuracy: 10 });
  await storeOnEveryPage(page, 'saathi.language', 'hi-IN');
  await storeSession(page, await walker(request, contactPhone, 'hi-IN'));

  await page.goto('/journey');
  await expect(page.getByRole('heading', { name: hi('Walk me home', 'journeys'), level: 1 })).toBeVisible();
  // The shortest journey: expected in 5 minutes (5 s here), the alarm after 10 minutes' grace.
  await expect(page.getByRole('spinbutton', { name: hi('Minutes to get there', 'journeys') })).toHaveValue('5');
  await keepScreenshot(page, 'journeys/7-form-hi-360.png', { fullPage: true });
  await page.getByRole('button', { name: hi('Start the journey', 'journeys') }).click();
  await expect(page.getByRole('heading', { name: fill(hi('On the way to {{destination}}', 'journeys'), { destination: 'Home' }) })).toBeVisible();

  // Past the expected arrival and its grace (and 2 s more), she has not answered: "Are you OK?".
  await page.waitForTimeout(17_000);
  const question = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: hi('Are you OK?', 'journeys') }) });
  await expect(question).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(page, 'journeys/8-are-you-ok-hi-360.png', { fullPage: true });

  // Her mother's SMS, in Hindi, with the live-location link (after the one the start sent her).
  const started = await smsTo(contactPhone, (sms) => sms === smsText('hi-IN', 'journeyStarted', { name: 'Nisha', link: linkIn(sms) }));
  expect(started).toContain('/t/');
  const alert = await smsTo(contactPhone, (sms) => sms === smsText('hi-IN', 'journeyAlert', { name: 'Nisha', link: linkIn(sms) }), 30_000);
  const link = linkIn(alert);

  // Her page, in Hindi, shows the journey.
  const contactContext = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'hi-IN' });
  await storeOnEveryPage(contactContext, 'saathi.language', 'hi-IN');
  const contact = await contactContext.newPage();
  await contact.goto(linkAsTapped(link));
  const onTheWay = fill(hi('{{name}} is on the way to {{destination}}', 'tracking'), { name: 'Nisha', destination: 'Home' });
  await expect(contact.getByRole('heading', { name: onTheWay, level: 1 })).toBeVisible();
  await expect(contact.getByText(coordinates(NEARBY))).toBeVisible();
  // Past her expected arrival: "(walking) · was to arrive by <time>, not arrived yet".
  const notYet = hi('{{mode}} · expected at {{time}}, not arrived yet', 'tracking').split('{{time}}')[1]!;
  await expect(contact.getByTestId('tracked-journey')).toContainText(notYet);
  await keepScreenshot(contact, 'journeys/9-contact-hi-360.png', { fullPage: true });
  await contactContext.close();
});
