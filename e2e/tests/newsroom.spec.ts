import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { parse, validate } from 'fast-xml-parser';
import { signInViaApi, signUpViaApi, storeSession } from '../support/api';
import { ENV_BASE_URL, requiredEnv } from '../support/env';
import { expect, test } from '../support/fixtures';
import { clippedTexts, expectNoSeriousA11yViolations, horizontalOverflow } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';

/**
 * The newsroom end to end: an editor (Tejas Dave, 9000000037, README.md's demo table) writes an
 * article in English, Hindi and Gujarati on the desk, schedules it and then publishes it; a
 * reader whose news preferences say Hindi finds it first in the strip, in Hindi. The page the
 * server serves for the article's link carries its preview tags, and the RSS feed parses.
 */
const EDITOR_PHONE = '9000000037';
const DESKTOP = { width: 1280, height: 800 };
const INDIA_OFFSET_MS = 330 * 60_000;
// A seeded news picture (apps/server/src/seed), uploaded as the article's image.
const PICTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/seed/media/news/news-3.jpg');

const slug = `street-lights-${Date.now().toString(36)}`;
const article = {
  en: {
    name: 'English',
    title: 'Report a dark street light in two minutes',
    summary: 'A dark lane is an unsafe lane. Here is how to get a street light fixed.',
    body: 'Note the **pole number** painted on the light.\n\n## Where to report\n\n- Your city corporation app\n- The ward office helpline',
  },
  hi: {
    name: 'हिन्दी',
    title: 'बंद स्ट्रीट लाइट की शिकायत दो मिनट में करें',
    summary: 'अँधेरी गली असुरक्षित गली है। स्ट्रीट लाइट ठीक करवाने का तरीका यहाँ है।',
    body: 'लाइट पर लिखा **खंभे का नंबर** नोट करें।\n\n## शिकायत कहाँ करें\n\n- अपने नगर निगम का ऐप\n- वार्ड कार्यालय की हेल्पलाइन',
  },
  gu: {
    name: 'ગુજરાતી',
    title: 'બંધ સ્ટ્રીટ લાઇટની ફરિયાદ બે મિનિટમાં કરો',
    summary: 'અંધારી ગલી અસુરક્ષિત ગલી છે. સ્ટ્રીટ લાઇટ ઠીક કરાવવાની રીત અહીં છે.',
    body: 'લાઇટ પર લખેલો **થાંભલાનો નંબર** નોંધો.\n\n## ફરિયાદ ક્યાં કરવી\n\n- તમારી મહાનગરપાલિકાની એપ\n- વોર્ડ ઑફિસની હેલ્પલાઇન',
  },
} as const;

async function expectFits(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  expect(await horizontalOverflow(page)).toBeNull();
  expect(await clippedTexts(page)).toEqual([]);
}

/** Screenshots at 1280x800 and 360x640 (the page is left at the phone size). */
async function shootBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  // From the top, so the fixed app bar is drawn where it belongs in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, `newsroom/${name}-1280.png`, { fullPage: true });
  await page.setViewportSize(SMALL_PHONE.viewport);
  await expectFits(page);
  await keepScreenshot(page, `newsroom/${name}-360.png`, { fullPage: true });
}

test.describe.configure({ mode: 'serial' });

test('an editor writes an article in three languages, schedules it and publishes it', async ({ page, request, playwright }) => {
  test.setTimeout(180_000);
  await storeSession(page, await signInViaApi(request, EDITOR_PHONE));
  await page.setViewportSize(DESKTOP);

  await page.goto('/news/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'News desk' })).toBeVisible();
  // The seeded articles, published, newest change first.
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('link').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootBoth(page, 'desk-list');

  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Link name (slug)' }).fill(slug);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('local');
  await page.getByRole('textbox', { name: 'Tags' }).fill('street lights, night safety');
  await expect(page.getByRole('textbox', { name: 'Author' })).toHaveValue('Tejas Dave');
  await page.getByLabel('Choose a picture').setInputFiles(PICTURE);
  await expect(page.getByRole('img', { name: 'Thumbnail of the article picture' })).toBeVisible({ timeout: 15_000 });

  // Side by side on a wide screen: every language's fields are on the page at once.
  for (const { name, title, summary, body } of Object.values(article)) {
    await page.getByRole('textbox', { name: `Title · ${name}` }).fill(title);
    await page.getByRole('textbox', { name: `Summary · ${name}` }).fill(summary);
    await page.getByRole('textbox', { name: `Article text · ${name}` }).fill(body);
  }
  const previews = page.getByRole('region', { name: 'Preview' });
  await expect(previews).toHaveCount(3);
  // The server renders the Markdown as readers will get it.
  await expect(previews.nth(1).locator('strong')).toHaveText('खंभे का नंबर');
  await expect(previews.nth(2).getByRole('heading', { name: 'ફરિયાદ ક્યાં કરવી' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, 'newsroom/editor-1280.png', { fullPage: true });
  await page.setViewportSize(SMALL_PHONE.viewport);
  // On a phone the languages are tabs.
  await expect(page.getByRole('tab', { name: 'हिन्दी' })).toBeVisible();
  await expectFits(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, 'newsroom/editor-360.png', { fullPage: true });
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/news\/manage\/\d+$/);
  const status = page.getByTestId('desk-status');
  await expect(status).toHaveText('Draft: only editors can see it.');

  // Two days ahead, 09:30 on India's clock.
  const day = new Date(Date.now() + 2 * 86_400_000 + INDIA_OFFSET_MS).toISOString().slice(0, 10);
  await page.getByLabel('Publish at (India time, IST)').fill(`${day}T09:30`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(status).toContainText('Scheduled: goes out');
  await expect(status).toContainText('9:30 AM IST');
  // Not public before its time (asked without the editor's session).
  const visitor = await playwright.request.newContext({ baseURL: requiredEnv(ENV_BASE_URL) });
  expect((await visitor.get(`/api/news/${slug}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(status).toContainText('Published');
  expect((await visitor.get(`/api/news/${slug}?language=gu`)).status()).toBe(200);
  await visitor.dispose();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await keepScreenshot(page, 'newsroom/editor-published-1280.png');

  // Every save kept a version: created, scheduled, published.
  await page.getByRole('button', { name: 'Versions' }).click();
  const versions = page.getByRole('dialog', { name: 'Versions' }).getByRole('list', { name: 'Versions' }).getByRole('button');
  await expect(versions).toHaveCount(3);
  await page.getByRole('button', { name: 'Close' }).click();
});

test('a reader with Hindi news preferences sees the article first in the strip, in Hindi', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const reader = await signUpViaApi(request, randomPhone(), { name: 'Meera Joshi', newsPreferences: { language: 'hi', categories: [], newsType: 'all' } });
  const context = await browser.newContext({ ...SMALL_PHONE, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await storeSession(page, reader);

  await page.goto('/news');
  const strip = page.getByRole('list', { name: 'Articles' });
  await expect(strip.getByRole('button').first()).toContainText(article.hi.title);
  await expect(page.getByRole('heading', { level: 2, name: article.hi.title })).toBeVisible();
  await expect(page.getByText(article.hi.summary)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootBoth(page, 'news');

  await page.getByRole('button', { name: 'Read More' }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: article.hi.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'शिकायत कहाँ करें' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootBoth(page, 'article');
  await context.close();
});

test('a signed-in reader who never picked a news language gets Hindi news when the app switches to Hindi', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const reader = await signUpViaApi(request, randomPhone(), { name: 'Anil Mehta' });
  const context = await browser.newContext({ ...SMALL_PHONE, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await storeSession(page, reader);

  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 2, name: article.en.title })).toBeVisible();
  await expect(page.getByTestId('news-language')).toHaveText('News in English · same as the app');

  await page.getByRole('button', { name: 'Language', exact: true }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 2, name: article.hi.title })).toBeVisible();
  await expect(page.getByTestId('news-language')).toHaveText('हिन्दी में समाचार · ऐप की भाषा के अनुसार');
  await expectNoSeriousA11yViolations(page);
  await shootBoth(page, 'news-follows-app-hi');

  // The profile says so too: the news language is the app's until the reader picks one.
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${reader.token}` } });
  expect((await me.json()) as unknown).toMatchObject({ language: 'hi-IN', newsPreferences: { language: 'hi', followAppLanguage: true } });

  // After a reload the news is still in Hindi, from the profile.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: article.hi.title })).toBeVisible();
  await context.close();
});

test('the link of the article carries its preview tags, and the feed is valid RSS 2.0', async ({ request }) => {
  const html = await (await request.get(`/news/${slug}?language=hi`)).text();
  const meta = (attribute: string, name: string) => new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  expect(meta('property', 'og:title')).toBe(article.hi.title);
  expect(meta('property', 'og:description')).toBe(article.hi.summary);
  expect(meta('property', 'og:image')).toMatch(/^https?:\/\//);
  expect(meta('name', 'twitter:card')).toBe('summary_large_image');
  // The page is the web app: the article opens in the browser too.
  expect(html).toContain('<div id="root"');

  const english = await (await request.get(`/news/${slug}`)).text();
  expect(english).toContain(`<meta property="og:title" content="${article.en.title}">`);

  const feed = await request.get('/news/feed.xml?language=hi');
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  const xml = await feed.text();
  expect(validate(xml)).toBe(true);
  const rss = parse(xml, { ignoreAttributes: false, attributeNamePrefix: '@_' }) as {
    rss: { '@_version': string; channel: { title: string; link: string; item: { title: string; link: string; guid: unknown; pubDate: string }[] } };
  };
  expect(rss.rss['@_version']).toBe('2.0');
  expect(rss.rss.channel.title).toBeTruthy();
  const item = rss.rss.channel.item.find((entry) => entry.link.endsWith(`/news/${slug}`));
  expect(item?.title).toBe(article.hi.title);
  expect(new Date(item?.pubDate ?? '').getTime()).not.toBeNaN();
});

test('a guest reads in the app’s language and keeps news preferences on the phone; the desk is not for readers', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...SMALL_PHONE, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await page.goto('/login');
  // The app remembers the chosen language here (apps/web/src/i18n/languages.ts).
  await page.evaluate(() => localStorage.setItem('saathi.language', 'gu-IN'));
  await page.goto('/news');
  // Without a choice of their own, a guest reads the news in the app's language.
  await expect(page.getByRole('heading', { level: 2, name: article.gu.title })).toBeVisible();
  await page.getByRole('button', { name: 'પસંદગી' }).click();
  const panel = page.getByRole('region', { name: 'સમાચારની પસંદગી' });
  await panel.getByRole('button', { name: 'English' }).click();
  await panel.getByRole('button', { name: 'સ્થાનિક' }).click();
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'newsroom/preferences-gu-360.png', { fullPage: true });
  await panel.getByRole('button', { name: 'સાચવો' }).click();
  await expect(page.getByRole('heading', { level: 2, name: article.en.title })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('saathi.newsPreferences'))).toBe(
    JSON.stringify({ language: 'en', followAppLanguage: false, categories: ['local'], newsType: 'all' }),
  );
  await context.close();

  // A signed-in reader without the editor role gets a calm word on the desk, and the server refuses.
  const reader = await signUpViaApi(request, randomPhone(), { name: 'Kiran Shah' });
  const readerContext = await browser.newContext({ ...SMALL_PHONE, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
  const readerPage = await readerContext.newPage();
  await storeSession(readerPage, reader);
  await readerPage.goto('/news/manage');
  await expect(readerPage.getByText(/The news desk is for editors/)).toBeVisible();
  await expect(readerPage.getByRole('link', { name: 'New article' })).toHaveCount(0);
  await keepScreenshot(readerPage, 'newsroom/desk-not-for-reader-360.png');
  expect((await request.get('/api/editor/news', { headers: { Authorization: `Bearer ${reader.token}` } })).status()).toBe(403);
  await readerContext.close();
});
