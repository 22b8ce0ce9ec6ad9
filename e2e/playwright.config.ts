import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/built-app.mjs';

/**
 * End-to-end tests drive the built app (one server per worker, started by `global-setup.ts` on a
 * free port with a fresh data directory) in Debian's Chromium, so no browser is ever downloaded.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // The tests wait on pages and the server more than they compute (one worker kept a two-core
  // machine about a third busy): two workers, each with a server and database of its own
  // (global-setup.ts). A file's tests stay together in one worker, in order.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A test's whole run: the longest (the astrology chat) took 39 s in CI and over 60 s on a
  // machine three times slower, where each step still met its own 10 s limit.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    locale: 'en-US',
    timezoneId: 'Asia/Kolkata',
    // A trace records every action's DOM and screen: it made the browsers' side of a run 60 %
    // dearer. On a failure the screenshot and error-context.md remain; SAATHI_E2E_TRACE=1 keeps
    // a trace of each failed test too.
    trace: process.env.SAATHI_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
