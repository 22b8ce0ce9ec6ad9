import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type Page, type PageScreenshotOptions } from '@playwright/test';

/** Where to also save screenshots and files for a person to look at (they are always attached to the report). */
const SHOTS_DIR = process.env.SAATHI_E2E_SHOTS_DIR;

/** Attaches a file to the test's report and, with SAATHI_E2E_SHOTS_DIR set, saves it there as `<subdir>/<name>`. */
export async function keepFile(name: string, body: Buffer, contentType: string): Promise<void> {
  await test.info().attach(name, { body, contentType });
  if (!SHOTS_DIR) return;
  const file = path.join(SHOTS_DIR, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
}

/**
 * A screenshot of the page, kept as keepFile keeps files. Only taken with SAATHI_E2E_SHOTS_DIR
 * set: a run nobody looks at (CI) spends no time drawing full pages it would not show.
 */
export async function keepScreenshot(page: Page, name: string, options: PageScreenshotOptions = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  await keepFile(name, await page.screenshot(options), 'image/png');
}
