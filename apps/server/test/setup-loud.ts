import { afterEach, beforeEach, vi } from 'vitest';
import { format } from 'node:util';

/**
 * Loud tests: an unexpected console.error fails the test that caused it. A test that
 * expects one takes it with `takeConsoleErrors()` (test/console.ts) before it ends.
 */
declare global {
  var __consoleErrors: string[] | undefined;
}

beforeEach(() => {
  globalThis.__consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    globalThis.__consoleErrors?.push(format(...args));
  });
});

afterEach(() => {
  const errors = globalThis.__consoleErrors ?? [];
  globalThis.__consoleErrors = [];
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) throw new Error(`Unexpected console.error:\n${errors.join('\n')}`);
});
