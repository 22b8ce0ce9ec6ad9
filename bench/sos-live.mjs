#!/usr/bin/env node
// Budgets (DESIGN.md §7): end of the countdown → the alert on a volunteer's open app ≤ 2 s;
// the volunteer taps Accept → the person's screen shows them coming ≤ 1 s.
//
// Starts the built app as production runs it (`node apps/server/dist/server.js`, building it
// first when missing) with a fresh embedded database and demo data, opens two Chromium
// contexts (Debian's /usr/bin/chromium through the e2e workspace's Playwright) for the seeded
// Priya (the person) and Kavita (a volunteer, placed 100 m from her), signs each in once
// through the OTP calls, and runs ROUNDS rounds of: Priya presses SOS on her dashboard, the
// countdown runs, POST /api/sos goes out (t0) → Kavita's open dashboard shows the 'SOS nearby'
// toast (alert); Kavita taps 'Go to SOS', then Accept (t1) → Priya's SOS screen shows
// '1 volunteer is coming' (accept). Each round resolves its SOS. Times are taken inside the
// pages (both share the machine's clock): a fetch wrapper for t0, a click listener for t1,
// MutationObservers for what appears. Prints the medians and p90s; exits 1 when a median is
// over its budget.
// The functions passed to page.evaluate / addInitScript run in the pages: browser globals.
/* global window, document, location, Element, MutationObserver */
import { launchChromium, loginThroughOtp, signedInPhone, startBuiltApp, tail } from './app-server.mjs';

const ALERT_BUDGET_MS = 2000;
const ACCEPT_BUDGET_MS = 1000;
const ROUNDS = Number(process.env.SOS_LIVE_ROUNDS ?? 10);
const STEP_TIMEOUT_MS = 30_000;

const PERSON_PHONE = '9000000002'; // Priya Sharma
const VOLUNTEER_PHONE = '9000000011'; // Kavita Joshi, volunteer at Ellisbridge
// Near Ellisbridge (23.0225, 72.5714), the volunteer 100 m north of the person.
const PERSON_POSITION = { latitude: 23.0226, longitude: 72.5716, accuracy: 15 };
const VOLUNTEER_POSITION = { latitude: 23.0235, longitude: 72.5716, accuracy: 20 };

const app = await startBuiltApp('saathi-bench-sos-live-', {
  // Ten rounds by one person in a minute: above the 3 per 10 minutes a real user gets.
  SOS_MAX_PER_10_MIN: String(Math.max(3, ROUNDS + 2)),
  // The default outbox polling too, whatever the calling shell exports.
  OUTBOX_POLL_MS: undefined,
});
const { baseUrl, logPath } = app;

let browser;
let exitCode = 0;
try {
  const person = await loginThroughOtp(baseUrl, logPath, PERSON_PHONE);
  const volunteer = await loginThroughOtp(baseUrl, logPath, VOLUNTEER_PHONE);

  // Priya records evidence on SOS: a fake camera and microphone, granted without a prompt.
  browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
  const p = await phonePage(person, PERSON_POSITION, ['geolocation', 'camera', 'microphone']);
  const v = await phonePage(volunteer, VOLUNTEER_POSITION, ['geolocation']);
  // The volunteer has the app open on the dashboard, its live stream connected.
  await v.goto('/');
  await v.waitForFunction(() => window.__bench.streamReadyAt > 0, undefined, { timeout: STEP_TIMEOUT_MS });

  const alerts = [];
  const accepts = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    await Promise.all([p.evaluate(() => window.__bench.reset()), v.evaluate(() => window.__bench.reset())]);
    await p.goto('/');
    await p.getByRole('button', { name: /^SOS/ }).click();
    // The countdown (3 s) runs, then the person's page sends POST /api/sos.
    await p.waitForFunction(() => window.__bench.sosPostAt > 0, undefined, { timeout: STEP_TIMEOUT_MS });
    await v.waitForFunction(() => window.__bench.alertAt > 0, undefined, { timeout: STEP_TIMEOUT_MS });
    const alertMs = await elapsed(p, 'sosPostAt', v, 'alertAt');

    // The volunteer opens it from the toast; the person's SOS screen is up.
    await v.getByRole('button', { name: 'Go to SOS' }).click();
    await v.waitForURL(/\/sos-mode\?sosEventId=\d+/, { timeout: STEP_TIMEOUT_MS });
    const eventId = Number(new URL(v.url()).searchParams.get('sosEventId'));
    const accept = v.getByRole('button', { name: 'Accept', exact: true });
    await accept.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await p.getByRole('heading', { name: 'SOS active' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await accept.click();
    await p.waitForFunction(() => window.__bench.acceptSeenAt > 0, undefined, { timeout: STEP_TIMEOUT_MS });
    const acceptMs = await elapsed(v, 'acceptTapAt', p, 'acceptSeenAt');

    alerts.push(alertMs);
    accepts.push(acceptMs);
    console.error(`  round ${String(round).padStart(2)}: alert ${String(alertMs).padStart(5)} ms, accept ${String(acceptMs).padStart(5)} ms (SOS ${eventId})`);

    // End it, so the next round raises a new one; the volunteer goes back to the dashboard
    // inside the app (its live stream stays open, as on a phone).
    const resolved = await fetch(`${baseUrl}/api/sos/${eventId}/resolve`, { method: 'POST', headers: { authorization: `Bearer ${person.token}` } });
    if (!resolved.ok) throw new Error(`resolve answered ${resolved.status}: ${await resolved.text()}`);
    await v.getByRole('heading', { name: 'This SOS has ended' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await v.locator('a.app-bar__home').click();
    await v.waitForURL(`${baseUrl}/`, { timeout: STEP_TIMEOUT_MS });
    // Let the last round's deliveries and evidence uploads settle.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  const result = {
    alert: percentile(alerts, 50),
    accept: percentile(accepts, 50),
    alertP90: percentile(alerts, 90),
    acceptP90: percentile(accepts, 90),
  };
  console.log(
    `sos-live alert_ms=${result.alert} accept_ms=${result.accept} alert_p90_ms=${result.alertP90} accept_p90_ms=${result.acceptP90} rounds=${ROUNDS}`,
  );
  if (result.alert > ALERT_BUDGET_MS) {
    console.error(`over budget: alert median ${result.alert} ms > ${ALERT_BUDGET_MS} ms`);
    exitCode = 1;
  }
  if (result.accept > ACCEPT_BUDGET_MS) {
    console.error(`over budget: accept median ${result.accept} ms > ${ACCEPT_BUDGET_MS} ms`);
    exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  console.error(`server log (last lines):\n${tail(logPath)}`);
  exitCode = 1;
} finally {
  await browser?.close().catch(() => undefined);
  await app.stop();
}
process.exit(exitCode);

/** Milliseconds between a mark on one page and a mark on another (same machine, same clock). */
async function elapsed(fromPage, fromMark, toPage, toMark) {
  const [from, to] = await Promise.all([fromPage.evaluate((m) => window.__bench[m], fromMark), toPage.evaluate((m) => window.__bench[m], toMark)]);
  if (!(from > 0) || !(to > 0)) throw new Error(`missing mark ${fromMark}=${from} or ${toMark}=${to}`);
  return Math.round(to - from);
}

/** A signed-in phone at its position, the bench's marks installed. */
async function phonePage(session, geolocation, permissions) {
  const context = await signedInPhone(browser, baseUrl, session, { geolocation, permissions, serviceWorkers: 'block' });
  await context.addInitScript(instrument);
  return context.newPage();
}

/** Runs in each page before its scripts: the marks the bench reads. */
function instrument() {
  const marks = { sosPostAt: 0, alertAt: 0, acceptTapAt: 0, acceptSeenAt: 0, streamReadyAt: 0 };
  window.__bench = Object.assign(marks, {
    reset() {
      marks.sosPostAt = 0;
      marks.alertAt = 0;
      marks.acceptTapAt = 0;
      marks.acceptSeenAt = 0;
    },
  });
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();
    if (method === 'POST' && new URL(url, location.href).pathname === '/api/sos' && !marks.sosPostAt) marks.sosPostAt = Date.now();
    return originalFetch(input, init);
  };
  const OriginalEventSource = window.EventSource;
  if (OriginalEventSource) {
    window.EventSource = class extends OriginalEventSource {
      constructor(...args) {
        super(...args);
        this.addEventListener('ready', () => {
          marks.streamReadyAt = Date.now();
        });
      }
    };
  }
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button && button.textContent?.trim() === 'Accept' && !marks.acceptTapAt) marks.acceptTapAt = Date.now();
    },
    true,
  );
  const check = () => {
    if (!marks.alertAt) {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        if (/SOS nearby/.test(alert.textContent ?? '')) {
          marks.alertAt = Date.now();
          break;
        }
      }
    }
    if (!marks.acceptSeenAt) {
      for (const heading of document.querySelectorAll('h2')) {
        if (/volunteers? (is|are) coming/.test(heading.textContent ?? '')) {
          marks.acceptSeenAt = Date.now();
          break;
        }
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Nearest-rank percentile. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}
