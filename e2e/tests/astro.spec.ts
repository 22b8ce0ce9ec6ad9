import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpViaApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { clippedTexts, expectNoSeriousA11yViolations, horizontalOverflow } from '../support/page-checks';
import { SMALL_PHONE } from '../support/phone';
import { keepScreenshot } from '../support/shots';
import { randomPhone } from '../support/sms';
import { translationOf } from '../support/translations';

test.use(SMALL_PHONE);

const HINDI = 'hi-IN';
const hi = (english: string) => translationOf(english, 'astro', HINDI);
/** The Hindi names of signs, bodies and nakshatras, as the app shows them (packages/shared/src/locales/hi-IN/astro-terms.json). */
const hindiTerms = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/shared/src/locales/hi-IN/astro-terms.json'), 'utf8'),
) as { sign: Record<string, string>; nakshatra: Record<string, string> };

test('a Hindi reader makes a birth chart, asks two questions in Hindi, and a question of despair gets the helplines', async ({ page, request, login }) => {
  const phone = randomPhone();
  // Her default app is the astrology assistant: after logging in she lands on it.
  await signUpViaApi(request, phone, { name: 'सुनीता वर्मा', dob: '1990-08-15', language: HINDI, defaultApp: 'astroai', profileCompleted: true });
  await login(page, phone);
  await expect(page).toHaveURL(/\/astro-ai$/);
  await expect(page.locator('html')).toHaveAttribute('lang', HINDI);
  await expect(page.getByRole('heading', { name: hi('Astrology'), level: 1 })).toBeVisible();

  // Birth details: the town is typed in Hindi and picked from the bundled gazetteer.
  await page.getByRole('textbox', { name: hi('Name') }).fill('सुनीता');
  await page.getByLabel(new RegExp(`^${hi('Date of birth')}`)).fill('1990-08-15');
  await page.getByLabel(new RegExp(`^${hi('Time of birth')}`)).fill('06:30');
  await page.getByRole('combobox', { name: hi('Place of birth') }).fill('भावनगर');
  await page.getByRole('option', { name: 'भावनगर, गुजरात' }).click();
  await keepScreenshot(page, 'astro/hi-form-360.png', { fullPage: true });
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/astro/charts') && response.request().method() === 'POST'),
    page.getByRole('button', { name: hi('Make the chart') }).click(),
  ]);
  expect(created.status()).toBe(201);
  const chart = (await created.json()) as { id: number; moonSign: string; nakshatra: string; utc: string; lagna: { sign: string } | null };
  // 06:30 IST on 15 August 1990 is 01:00 UTC.
  expect(chart.utc).toBe('1990-08-15T01:00:00.000Z');
  await expect(page).toHaveURL(new RegExp(`/astro-ai\\?chart=${chart.id}$`));

  // The chart in Hindi: the drawing with its text alternative, the key facts and the planets.
  await expect(page.getByRole('heading', { name: 'सुनीता की कुंडली', level: 1 })).toBeVisible();
  const drawing = page.getByRole('img', { name: /सुनीता की जन्म कुंडली/ });
  await expect(drawing).toBeVisible();
  await expect(drawing.locator('.astro-chart__house--lagna')).toHaveCount(1);
  await expect(drawing.locator('[data-house="1"]')).toHaveAttribute('data-sign', chart.lagna?.sign ?? '');
  await expect(page.getByRole('table', { name: hi('Planet positions') })).toContainText(hindiTerms.sign[chart.moonSign] ?? '');
  // The instant the chart was computed for, in UTC, and the ayanamsa.
  await expect(page.getByText(/1990, 01:00:00 UTC/)).toBeVisible();
  await expect(page.getByText(/अयनांश लाहिड़ी/)).toBeVisible();
  await expect(page.getByRole('region', { name: hi("Today's panchang") }).getByRole('term')).toHaveCount(7);

  // Two questions, answered in Hindi from the chart.
  const chat = page.getByRole('region', { name: hi('Ask about this chart') });
  await chat.getByRole('button', { name: hi('What is my moon sign?') }).click();
  const answers = chat.getByTestId('astro-exchange');
  await expect(answers.nth(0).locator('.astro-answer')).toContainText(hindiTerms.sign[chart.moonSign] ?? '');
  await expect(answers.nth(0).locator('.astro-answer')).toContainText(hi('Facts used'));
  await chat.getByRole('textbox', { name: hi('Your question') }).fill('मेरा जन्म नक्षत्र कौन सा है?');
  await chat.getByRole('button', { name: hi('Ask'), exact: true }).click();
  await expect(answers.nth(1).locator('.astro-answer')).toContainText(hindiTerms.nakshatra[chart.nakshatra] ?? '');
  expect(await answers.nth(1).locator('.astro-answer').innerText()).toMatch(/[\u0900-\u097f]{4}/);

  expect(await horizontalOverflow(page)).toBeNull();
  expect(await clippedTexts(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'astro/hi-chart-360.png', { fullPage: true });

  // Despair gets no astrology: Tele-MANAS and 112 to call, and the way to SOS.
  await chat.getByRole('textbox', { name: hi('Your question') }).fill('मैं आत्महत्या करना चाहती हूँ');
  await chat.getByRole('button', { name: hi('Ask'), exact: true }).click();
  const help = chat.getByRole('region', { name: hi('You are not alone') });
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: 'टेली-मानस 14416 पर कॉल करें' })).toHaveAttribute('href', 'tel:14416');
  await expect(help.getByRole('link', { name: 'आपातकालीन नंबर 112 पर कॉल करें' })).toHaveAttribute('href', 'tel:112');
  await expect(help.getByRole('link', { name: hi('Open SOS') })).toHaveAttribute('href', '/sos');
  await help.scrollIntoViewIfNeeded();
  expect(await clippedTexts(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'astro/hi-crisis-360.png');

  // The chart and the answers on a desktop screen too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, 'astro/hi-crisis-1280.png', { fullPage: true });
});
