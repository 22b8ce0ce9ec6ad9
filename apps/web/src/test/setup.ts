import '@testing-library/jest-dom/vitest';
// Preact's development checks (hooks outside components, missing keys, bad props) as console errors.
import 'preact/debug';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { forgetLocationStore } from '../entities/location';
import { failOnContractViolations } from './contract-answers';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A canned answer the server could not give fails the test that served it, even when the
  // app caught the rejection it caused (src/test/contract-answers.ts).
  failOnContractViolations();
});

// Loud tests: an unexpected console.error (React warnings, failed prop types) fails the test.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};

/*
 * The test files of a worker share one jsdom (vitest.config.ts: isolate false), so what a file
 * changes on the window is put back when it ends: stubbed globals, properties it defined on
 * `navigator` (a fake geolocation, share sheet or permissions), fake timers and storage; spies
 * on shared modules' objects are removed, and the app's one location store is dropped (it holds
 * the geolocation of the navigator it was made over, and the last position). The untouched
 * navigator is noted once per worker, before the first file can change it.
 */
const globals = globalThis as typeof globalThis & { __pristineNavigator?: PropertyDescriptorMap };
globals.__pristineNavigator ??= Object.getOwnPropertyDescriptors(navigator);
const pristineNavigator = globals.__pristineNavigator;

afterAll(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Preact runs effects after the next frame or 35 ms, whichever comes first: a timer still
  // pending when the worker's last file ends would fire after jsdom is gone (and with it
  // cancelAnimationFrame). Let those timers run while the window is still there.
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const key of Reflect.ownKeys(navigator)) {
    if (!(key in pristineNavigator)) Reflect.deleteProperty(navigator, key);
  }
  Object.defineProperties(navigator, pristineNavigator);
  localStorage.clear();
  sessionStorage.clear();
  forgetLocationStore();
});
