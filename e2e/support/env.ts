/** Set by the global setup, inherited by the test workers. */
export const ENV_BASE_URL = 'SAATHI_E2E_BASE_URL';
export const ENV_SERVER_LOG = 'SAATHI_E2E_SERVER_LOG';

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts (its global setup sets it)`);
  return value;
}
