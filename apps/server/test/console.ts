/** Returns (and clears) the console.error calls of the current test; see setup-loud.ts. */
export function takeConsoleErrors(): string[] {
  const errors = globalThis.__consoleErrors ?? [];
  globalThis.__consoleErrors = [];
  return errors;
}
