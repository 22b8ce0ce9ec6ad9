#!/usr/bin/env node
// What a person on a mid-range phone over a busy 4G cell gets, as Lighthouse measures it:
// Lighthouse 12.2.3's mobile preset (a Moto G Power's screen, simulated slow 4G: 150 ms RTT,
// 1.6 Mbps down; the CPU four times slower) against the built app as `npm start` serves it
// (node apps/server/dist/server.js, embedded database with demo data), the median of RUNS runs
// per page, each run in a fresh browser profile (cold HTTP cache, no service worker).
//
// Budget per page (DESIGN.md §7): performance ≥ 95, accessibility 100, best practices 100,
// SEO ≥ 95 (public pages), LCP ≤ 2.5 s, total blocking time ≤ 200 ms, CLS ≤ 0.05.
// Prints one line per page and exits 1 when a page is over budget.
//
//   LIGHTHOUSE_RUNS=1 npm run bench:lighthouse            one run per page
//   LIGHTHOUSE_PAGES=/news,/login npm run bench:lighthouse only these (signed out)
//   LIGHTHOUSE_REPORTS=dir npm run bench:lighthouse       also keep each median run's HTML report
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/built-app.mjs';
import { loginThroughOtp, startBuiltApp, tail } from './app-server.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/** The seeded Priya Sharma, signed in for the pages behind the login. */
const PHONE = '9000000002';

const BUDGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 95, lcpMs: 2500, tbtMs: 200, cls: 0.05 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const app = await startBuiltApp('saathi-bench-lighthouse-');
let failed = false;
try {
  const pages = await pagesToMeasure(app.baseUrl);
  const session = pages.some((page) => page.signedIn) ? await loginThroughOtp(app.baseUrl, app.logPath, PHONE) : undefined;
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(app.baseUrl, page, session));
    // The run with the median performance score stands for the page, so its figures belong together.
    const middle = median(runs.map((run) => run.performance));
    const chosen = runs.find((run) => run.performance === middle);
    const over = overBudget(chosen, page);
    if (over.length) failed = true;
    console.log(
      `lighthouse page=${page.label} performance=${chosen.performance} accessibility=${chosen.accessibility} ` +
        `best_practices=${chosen.bestPractices} seo=${chosen.seo} fcp_ms=${chosen.fcpMs} lcp_ms=${chosen.lcpMs} ` +
        `tbt_ms=${chosen.tbtMs} cls=${chosen.cls} requests=${chosen.requests} kb=${chosen.kb} benchmark_index=${chosen.benchmarkIndex}` +
        (over.length ? ` OVER_BUDGET=${over.join(',')}` : ''),
    );
    if (over.length && chosen.opportunities.length) console.log(`  what Lighthouse would change first: ${chosen.opportunities.join('; ')}`);
    if (over.length && chosen.failedAudits.length) console.log(`  failed audits: ${chosen.failedAudits.join(', ')}`);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path.join(REPORTS, `${page.label.replace(/[^a-z0-9]+/gi, '_') || 'root'}.html`), chosen.html);
    }
  }
} catch (error) {
  console.error(`server log (last lines):\n${tail(app.logPath)}`);
  throw error;
} finally {
  await app.stop();
}
process.exitCode = failed ? 1 : 0;

/** The pages of the budget: public ones signed out, then the everyday screens signed in. */
async function pagesToMeasure(baseUrl) {
  const news = await getJson(baseUrl, '/api/news?language=en');
  const posts = await getJson(baseUrl, '/api/posts/community-posts');
  const article = news.items[0];
  const post = posts.data[0];
  if (!article || !post) throw new Error('the demo data has no news article or community post to open');
  const signedOut = ['/', '/home', '/login', '/news', `/news/${article.slug ?? article.id}`, '/community', `/saathi-community-post/${post.id}`, '/help'];
  const signedIn = ['/', '/community', '/volunteers', '/leaderboard'];
  if (ONLY) return ONLY.map((pathname) => ({ path: pathname, label: pathname, signedIn: false, public: true }));
  return [
    ...signedOut.map((pathname) => ({ path: pathname, label: pathname, signedIn: false, public: true })),
    ...signedIn.map((pathname) => ({ path: pathname, label: `${pathname} (signed in)`, signedIn: true, public: false })),
  ];
}

async function getJson(baseUrl, pathname) {
  const response = await fetch(`${baseUrl}${pathname}`);
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
  return response.json();
}

/** One Lighthouse run of `page` in a new browser profile; signed in through the session cookie and the remembered user. */
async function measure(baseUrl, page, session) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const tab = await browser.newPage();
    if (page.signedIn) {
      await browser.setCookie({ name: 'saathi_session', value: session.token, url: baseUrl, httpOnly: true, sameSite: 'Strict' });
      // A response of the app's origin that is not a page, so that its storage can be written
      // without loading (and caching) anything the measured visit will load.
      await tab.goto(`${baseUrl}/api/health`);
      await tab.evaluate((value) => localStorage.setItem('saathi.session', value), JSON.stringify({ user: session.user }));
    }
    const result = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        logLevel: 'error',
        output: 'html',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // The profile is new, so its cache is cold; resetting would also drop the signed-in user.
        disableStorageReset: true,
      },
      undefined,
      tab,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    return summarise(result);
  } finally {
    await browser.close();
  }
}

function summarise({ lhr, report }) {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const opportunities = Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) >= 100)
    .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
    .slice(0, 3)
    .map((audit) => `${audit.title} (${Math.round(audit.details.overallSavingsMs)} ms)`);
  const categoryAudits = ['accessibility', 'best-practices', 'seo'].flatMap((id) => lhr.categories[id]?.auditRefs ?? []);
  const failedAudits = categoryAudits.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    requests: requests.length,
    kb: Math.round(requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024),
    opportunities,
    failedAudits,
    // Lighthouse's measure of this machine's speed: the CPU figures scale with it.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    html: report,
  };
}

function overBudget(run, page) {
  const over = [];
  if (run.performance < BUDGET.performance) over.push('performance');
  if (run.accessibility < BUDGET.accessibility) over.push('accessibility');
  if (run.bestPractices < BUDGET.bestPractices) over.push('best_practices');
  if (page.public && run.seo < BUDGET.seo) over.push('seo');
  if (!(run.lcpMs <= BUDGET.lcpMs)) over.push('lcp');
  if (!(run.tbtMs <= BUDGET.tbtMs)) over.push('tbt');
  if (!(run.cls <= BUDGET.cls)) over.push('cls');
  return over;
}
