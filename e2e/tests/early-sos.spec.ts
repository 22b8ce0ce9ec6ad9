import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { bearer, signUpViaApi, storeSession, type ApiSession } from '../support/api';
import { expect, test } from '../support/fixtures';
import { phoneAt } from '../support/phone';
import { serverRecordAfter } from '../support/server-log';
import { randomPhone } from '../support/sms';

/**
 * The early SOS (apps/web/src/early-sos): the SOS inlined into the page itself works with the
 * JavaScript bundle blocked or late, and hands over to the React dashboard without a second
 * alert or a blank frame. Service workers are off so the routes below see every request.
 */
// Leh, far from every seeded volunteer: these alerts reach nobody another test is watching.
const POSITION = { latitude: 34.1526, longitude: 77.5771, accuracy: 15 };
test.use({ ...phoneAt(POSITION), serviceWorkers: 'block' });

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, name) });

const BUNDLE = '**/assets/*.js';

async function signUp(request: APIRequestContext, page: Page, sosCountdownSeconds = 3): Promise<ApiSession> {
  const session = await signUpViaApi(request, randomPhone(), {
    name: 'Meera Desai',
    dob: '1995-03-14',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pincode: '380006',
    emergencyContacts: [
      { name: 'Maa', phoneNumber: '9876501234' },
      { name: 'Ravi', phoneNumber: '9123456789' },
    ],
    sosCountdownSeconds,
    profileCompleted: true,
  });
  await storeSession(page, session);
  return session;
}

/** Every `POST /api/sos` the page makes. */
function sosPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/sos') posts.push(request);
  });
  return posts;
}

/**
 * The user's SOS events as the server holds them (their data export), asked once every request the
 * page had sent so far has been answered (serverRecordAfter): an alert the page raised is among them.
 */
async function sosEventsOnServer(page: Page, request: APIRequestContext, session: ApiSession): Promise<{ id: number; status: string }[]> {
  const record = await serverRecordAfter(page);
  const exported = await request.get('/api/users/me/export', { headers: bearer(session.token) });
  expect(exported.status(), await exported.text()).toBe(200);
  const { sosEvents } = (await exported.json()) as { sosEvents: { id: number; status: string }[] };
  // The server's log of requests agrees: one answered POST /api/sos by this user per event.
  const raised = record.filter((entry) => entry.method === 'POST' && entry.path === '/api/sos' && entry.userId === session.user.id && entry.status < 300);
  expect(raised, 'answered POST /api/sos in the server log').toHaveLength(sosEvents.length);
  return sosEvents.map(({ id, status }) => ({ id, status }));
}

const early = (page: Page) => page.locator('#early-sos');
const phase = (page: Page) => page.evaluate(() => (window as { saathiEarlySos?: { phase: string } }).saathiEarlySos?.phase);

test('with the bundle blocked, the page alone counts down, cancels, raises the SOS with the position, and offers 112', async ({ page, request }) => {
  await page.route(BUNDLE, (route) => route.abort());
  const session = await signUp(request, page);
  const posts = sosPosts(page);
  // The page's timers and Date are Playwright's (time flows as usual): the countdown's moment can be passed at will.
  await page.clock.install();
  await page.goto('/');

  await expect(early(page).getByRole('heading', { name: 'Namaste, Meera', level: 1 })).toBeVisible();
  // The page's one inline script is the one its Content-Security-Policy allows, by hash.
  const served = await request.get('/');
  const inline = [...(await served.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  expect(inline).toHaveLength(1);
  const hash = `'sha256-${createHash('sha256')
    .update(inline[0] ?? '')
    .digest('base64')}'`;
  expect(served.headers()['content-security-policy']).toMatch(new RegExp(`script-src 'self' 'wasm-unsafe-eval' ${hash.replace(/[+/]/g, '\\$&')};`));
  await expect(page.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  await expect(page.getByText('After you press, you have 3 seconds to cancel.')).toBeVisible();
  // The whole screen fits a 360 px phone: no sideways scrolling, the button and 112 in the first screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const target of [page.getByRole('button', { name: /^SOS/ }), page.getByRole('link', { name: 'Call 112' })]) {
    const box = await target.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(640);
  }
  await shot(page, 'early-sos-idle-360.png');

  // Press, see the countdown, cancel: nothing is sent.
  await page.getByRole('button', { name: /^SOS/ }).click();
  await expect(page.getByRole('timer')).toContainText('Sending your SOS in');
  await shot(page, 'early-sos-countdown-360.png');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^SOS/ })).toBeEnabled();
  // Well past the 3 s countdown on the page's own clock: every timer that was due has run. Raising
  // would have left 'idle' there and then; and the server holds no alert of hers.
  await page.clock.runFor(10_000);
  expect(await phase(page)).toBe('idle');
  expect(await sosEventsOnServer(page, request, session)).toEqual([]);
  expect(posts).toHaveLength(0);

  // A threat, press again, let it run: the alert goes out with the device position.
  await page.getByRole('button', { name: 'Medical', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Medical', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^SOS/ }).click();
  await expect(page.getByRole('status')).toContainText('Your SOS is active.', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/sos-mode\?sosEventId=\d+&contactsOnly=false$/);
  await shot(page, 'early-sos-raised-360.png');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.postDataJSON()).toEqual({
    latitude: POSITION.latitude,
    longitude: POSITION.longitude,
    accuracy: 15,
    threat: 'medical',
    contactsOnly: false,
  });

  // The server holds the active SOS of this user, where the phone is.
  const id = Number(new URL(page.url()).searchParams.get('sosEventId'));
  expect(await sosEventsOnServer(page, request, session)).toEqual([{ id, status: 'active' }]);
  const event = await request.get(`/api/sos/${id}`, { headers: bearer(session.token) });
  expect(event.status()).toBe(200);
  expect(await event.json()).toMatchObject({ id, status: 'active', threat: 'medical' });
  // Stored for the dashboard's banner as the React flow stores it.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('saathi.active-sos'))) ?? 'null')).toEqual({
    id,
    contactsOnly: false,
    userId: session.user.id,
  });
  await request.post(`/api/sos/${id}/cancel`, { headers: bearer(session.token) });
});

test('offline with the bundle blocked, the page offers the SMS to every contact and 112', async ({ page, context, request }) => {
  await page.route(BUNDLE, (route) => route.abort());
  await signUp(request, page);
  const posts = sosPosts(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^SOS/ })).toBeVisible();
  await context.setOffline(true);

  await page.getByRole('button', { name: /^SOS/ }).click();
  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('No internet connection', { timeout: 15_000 });
  await expect(fallback).toContainText('Your location: 34.152600, 77.577100');
  const sms = fallback.getByRole('link', { name: 'Send SMS to 2 contacts' });
  const href = (await sms.getAttribute('href')) ?? '';
  expect(href.startsWith('sms:+919876501234,+919123456789?body=')).toBe(true);
  expect(decodeURIComponent(href.split('body=')[1] ?? '')).toBe(
    'SOS! I need help. My location: 34.152600, 77.577100 (within 15 m) https://www.google.com/maps?q=34.152600,77.577100',
  );
  await expect(fallback.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  await shot(page, 'early-sos-offline-360.png');
  expect(posts).toHaveLength(0);

  await fallback.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await context.setOffline(false);
});

test('in Hindi and Gujarati, the page speaks the stored language with the app’s own words', async ({ page, request }) => {
  await page.route(BUNDLE, (route) => route.abort());
  await signUp(request, page);
  await page.evaluate(() => localStorage.setItem('saathi.language', 'hi-IN'));
  await page.goto('/sos');
  await expect(page.getByRole('heading', { name: 'नमस्ते, Meera' })).toBeVisible();
  await expect(page.getByRole('link', { name: '112 पर कॉल करें' })).toHaveAttribute('href', 'tel:112');
  await expect(page.getByText('दबाने के बाद रद्द करने के लिए आपके पास 3 सेकंड हैं।')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi-IN');
  await shot(page, 'early-sos-hindi-360.png');

  await page.evaluate(() => localStorage.setItem('saathi.language', 'gu-IN'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'નમસ્તે, Meera' })).toBeVisible();
  await expect(page.getByRole('link', { name: '112 પર કૉલ કરો' })).toHaveAttribute('href', 'tel:112');
  await expect(page.getByText('દબાવ્યા પછી રદ કરવા માટે તમારી પાસે 3 સેકન્ડ છે.')).toBeVisible();
  await shot(page, 'early-sos-gujarati-360.png');
});

test('a refused alert is explained in the stored language, with the wait worded, and the SOS stays ready', async ({ page, request }) => {
  await page.route(BUNDLE, (route) => route.abort());
  await signUp(request, page, 0);
  await page.evaluate(() => localStorage.setItem('saathi.language', 'hi-IN'));
  // The server's own answer when someone has raised too many alerts (sos.service.ts), 4 minutes to wait.
  await page.route('**/api/sos', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'sos_rate_limited', message: 'Too many SOS alerts', params: { limit: 3, minutes: 10, seconds: 240 } } }),
    }),
  );
  await page.goto('/sos');
  await page.getByRole('button', { name: /^SOS/ }).click();
  const refusal = early(page).getByRole('alert');
  await expect(refusal).toHaveText('आपने कम समय में बहुत ज़्यादा SOS अलर्ट भेजे हैं। अगर आप खतरे में हैं, तो अभी 112 पर कॉल करें। आप 4 मिनट बाद नया अलर्ट भेज सकते हैं।');
  expect(await phase(page)).toBe('idle');
  await expect(page.getByRole('button', { name: /^SOS/ })).toBeEnabled();
  await expect(page.getByRole('link', { name: '112 पर कॉल करें' })).toHaveAttribute('href', 'tel:112');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'early-sos-refused-hindi-360.png');
});

/** Holds every bundle request until `release()`. */
async function holdBundle(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(BUNDLE, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a countdown started early finishes early, and React shows SOS mode for that one alert', async ({ page, request }) => {
  const session = await signUp(request, page, 8);
  const release = await holdBundle(page);
  const posts = sosPosts(page);
  await page.clock.install();
  // Not waiting for 'load' (nor DOMContentLoaded): both wait for the held module scripts.
  await page.goto('/', { waitUntil: 'commit' });

  await page.getByRole('button', { name: /^SOS/ }).click();
  await expect(page.getByRole('timer')).toContainText('Sending your SOS in');
  release();
  // React arrives during the countdown: its dashboard is drawn, hidden, while the early countdown goes on.
  await expect(page.locator('#root .sos-panel')).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('#root')).toBeHidden();
  expect(await phase(page)).toBe('counting');

  await expect(page).toHaveURL(/\/sos-mode\?sosEventId=\d+&contactsOnly=false$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'SOS active' })).toBeVisible({ timeout: 20_000 });
  await expect(early(page)).toHaveCount(0);
  // Another 8 s countdown, had React started one of its own, has run out on the page's clock: still one alert.
  await page.clock.runFor(10_000);
  const id = Number(new URL(page.url()).searchParams.get('sosEventId'));
  expect(await sosEventsOnServer(page, request, session)).toEqual([{ id, status: 'active' }]);
  expect(posts).toHaveLength(1);
  expect((await posts[0]?.response())?.status()).toBe(201);
  expect(await (await posts[0]?.response())?.json()).toMatchObject({ id });
  await shot(page, 'early-sos-handed-over-sos-mode-360.png');
  await request.post(`/api/sos/${id}/cancel`, { headers: bearer(session.token) });
});

test('an alert raised before React arrives is the one React opens in SOS mode', async ({ page, request }) => {
  const session = await signUp(request, page);
  const release = await holdBundle(page);
  const posts = sosPosts(page);
  await page.clock.install();
  await page.goto('/', { waitUntil: 'commit' });

  await page.getByRole('button', { name: /^SOS/ }).click();
  await expect(page.getByRole('status')).toContainText('Your SOS is active.', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/sos-mode\?sosEventId=\d+&contactsOnly=false$/);
  const id = Number(new URL(page.url()).searchParams.get('sosEventId'));
  release();

  await expect(page.getByRole('heading', { name: 'SOS active' })).toBeVisible({ timeout: 20_000 });
  await expect(early(page)).toHaveCount(0);
  // Past another 3 s countdown on the page's clock, had React started one: still the one alert.
  await page.clock.runFor(10_000);
  expect(await sosEventsOnServer(page, request, session)).toEqual([{ id, status: 'active' }]);
  expect(posts).toHaveLength(1);
  expect(new URL(page.url()).searchParams.get('sosEventId')).toBe(String(id));
  await request.post(`/api/sos/${id}/cancel`, { headers: bearer(session.token) });
});

for (const size of [
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`idle, the early screen gives way to the React dashboard in one frame, the SOS button where it was (${size.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(size);
    await signUp(request, page);
    const release = await holdBundle(page);
    // Before every frame is painted: the early screen or React's dashboard must be there, never neither.
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as { frames_?: string[] }).frames_ = log;
      const frame = () => {
        const earlyButton = document.querySelector('#early-sos .sos-button');
        const reactButton = document.querySelector('#root .sos-button');
        const rootShown = reactButton instanceof HTMLElement && reactButton.offsetParent !== null;
        const state = earlyButton && !rootShown ? 'early' : !earlyButton && rootShown ? 'react' : 'neither';
        // From the first frame that shows an SOS screen on.
        if (log.length > 0 || state !== 'neither') log.push(state);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(early(page).locator('.sos-button')).toBeVisible();
    // The fonts come with the stylesheet, not the held bundle, but may land after the first paint;
    // their swap rewraps the text beside the desktop button (and moves it), hand-over or not.
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    const earlyBox = await early(page).locator('.sos-button').boundingBox();
    await shot(page, `early-sos-before-hand-over-${size.width}.png`);
    release();

    await expect(early(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('#root .sos-button')).toBeVisible();
    const reactBox = await page.locator('#root .sos-button').boundingBox();
    await shot(page, `early-sos-after-hand-over-${size.width}.png`);
    const frames = await page.evaluate(() => (window as { frames_?: string[] }).frames_ ?? []);
    const seen = frames.filter((f, i) => f !== frames[i - 1]);
    expect(seen).toEqual(['early', 'react']);
    expect(await page.evaluate(() => (window as { saathiEarlySos?: { handedOver: boolean } }).saathiEarlySos?.handedOver)).toBe(true);
    // The same place and size: nothing jumps.
    expect(reactBox).not.toBeNull();
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs((reactBox?.[key] ?? 0) - (earlyBox?.[key] ?? 0))).toBeLessThanOrEqual(1);
  });
}

test.describe('installed as a PWA', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the page the service worker keeps for offline use carries the early SOS, and offline it works from there', async ({ page, context, request }) => {
    await signUp(request, page);
    await page.goto('/');
    await expect(page.locator('#root .sos-button')).toBeVisible({ timeout: 20_000 });
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      for (let tries = 0; tries < 100; tries++) {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          const key = (await cache.keys()).find((request) => new URL(request.url).pathname === '/index.html');
          if (key) return (await (await cache.match(key))?.text()) ?? '';
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return '';
    });
    expect(cached).toContain('saathiEarlySos');
    expect(cached).toBe(await (await request.get('/')).text());

    // Offline, the page comes from the service worker with the early SOS in it.
    await context.setOffline(true);
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('button', { name: /^SOS/ })).toBeVisible();
    // The early script ran on that page (under its CSP: the fixture fails on any violation).
    expect(await page.evaluate(() => 'saathiEarlySos' in window)).toBe(true);
    await context.setOffline(false);
  });
});
