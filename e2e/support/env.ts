/** Set by the global setup, one of each per worker (see workerEnvName), inherited by the test workers. */
export const ENV_BASE_URL = 'SAATHI_E2E_BASE_URL';
export const ENV_SERVER_LOG = 'SAATHI_E2E_SERVER_LOG';

/** The name under which worker `index` (Playwright's parallel index) finds its own server's value. */
export function workerEnvName(name: string, index: number): string {
  return `${name}_${index}`;
}

/**
 * A value the global setup set for this worker: each worker has a server of its own, so tests
 * in two workers never share a database, a rate limit or a log of login codes.
 */
export function requiredEnv(name: string): string {
  const value = process.env[workerEnvName(name, Number(process.env.TEST_PARALLEL_INDEX ?? 0))];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts (its global setup sets it)`);
  return value;
}
