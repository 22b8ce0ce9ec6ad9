// The time until the SOS button works, on a phone and a mobile network as Lighthouse's mobile
// throttling has them (DevTools method: 150 ms per request, 1.6 Mbps down, 750 kbps up, the
// CPU four times slower), for a signed-in person opening `/`: on a first visit (no cache, no
// service worker), a repeat visit with the HTTP cache only (the service worker blocked, as
// before it has installed) and a repeat visit once the service worker has installed. "Works" is
// the moment the early SOS inlined in the page (apps/web/src/early-sos) has drawn its button
// with its handlers; the moment React's dashboard has taken over is reported beside it.
// Used by bench/bundle.mjs; runs the built app (`node apps/server/dist/server.js`) on the
// embedded database with demo data, signing in the seeded Priya Sharma (9000000002).
/* global window, document, MutationObserver */
import { launchChromium, loginThroughOtp, signedInPhone, startBuiltApp, tail } from './app-server.mjs';

export const FIRST_VISIT_BUDGET_MS = 2000;
export const REPEAT_VISIT_BUDGET_MS = 1000;
const PHONE = '9000000002';
const TRIES = Number(process.env.SOS_LOAD_TRIES ?? 3);
const THROTTLING = {
  network: { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuSlowdown: 4,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Returns the medians over TRIES tries: `{ firstMs, repeatMs, httpCacheRepeatMs, reactFirstMs, reactRepeatMs }`. */
export async function measureSosFirstLoad() {
  // On a loopback address, a secure context: the service worker registers as in production.
  const app = await startBuiltApp('saathi-bench-sos-load-');
  let browser;
  try {
    const session = await loginThroughOtp(app.baseUrl, app.logPath, PHONE);
    browser = await launchChromium();
    const runs = [];
    for (let i = 0; i < TRIES; i++) {
      const withWorker = await firstAndRepeatVisit(browser, app.baseUrl, session);
      const httpCacheOnly = await firstAndRepeatVisit(browser, app.baseUrl, session, { serviceWorkers: 'block' });
      runs.push({ ...withWorker, httpCacheRepeat: httpCacheOnly.repeat });
    }
    return {
      firstMs: median(runs.map((r) => r.first.early)),
      repeatMs: median(runs.map((r) => r.repeat.early)),
      httpCacheRepeatMs: median(runs.map((r) => r.httpCacheRepeat.early)),
      reactFirstMs: median(runs.map((r) => r.first.react)),
      reactRepeatMs: median(runs.map((r) => r.repeat.react)),
    };
  } catch (error) {
    console.error(tail(app.logPath));
    throw error;
  } finally {
    await browser?.close();
    await app.stop();
  }
}

/** A first visit and a repeat visit in a new context; `options.serviceWorkers: 'block'` leaves the repeat visit the HTTP cache only. */
async function firstAndRepeatVisit(browser, baseUrl, session, options = {}) {
  const context = await signedInPhone(browser, baseUrl, session, options);
  try {
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLING.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    const first = await visit(page, baseUrl);
    // A repeat visit comes after the service worker has installed and cached the app (when it may).
    if (options.serviceWorkers !== 'block') await page.evaluate(() => navigator.serviceWorker?.ready);
    const repeat = await visit(page, baseUrl);
    return { first, repeat };
  } finally {
    await context.close();
  }
}

async function visit(page, baseUrl) {
  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  await page
    .waitForFunction(() => window.__sosLoad.early > 0 && window.__sosLoad.react > 0, undefined, { timeout: 60_000, polling: 50 })
    .catch(async (error) => {
      // Which part never came: the early screen, React's take-over, or the page itself.
      const seen = await page.evaluate(() => ({ marks: window.__sosLoad, url: window.location.href, early: window.saathiEarlySos }));
      throw new Error(`${error.message}: ${JSON.stringify(seen)}`);
    });
  return page.evaluate(() => ({ early: window.__sosLoad.early, react: window.__sosLoad.react }));
}

/** Runs before the page's own scripts: notes when the early SOS was drawn and when React's dashboard took over. */
function instrument() {
  const marks = { early: 0, react: 0 };
  window.__sosLoad = marks;
  let state;
  // The early SOS publishes its state once its button and handlers are in place.
  Object.defineProperty(window, 'saathiEarlySos', {
    configurable: true,
    get: () => state,
    set: (value) => {
      state = value;
      if (!marks.early) marks.early = performance.now();
    },
  });
  // The early screen hides #root through a class on <html>, and drops the class when React's dashboard has taken over.
  new MutationObserver(() => {
    if (marks.early && !marks.react && !document.documentElement?.classList.contains('early-sos')) marks.react = performance.now();
    // The document may have no <html> yet when this runs: watch the whole document.
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
}
