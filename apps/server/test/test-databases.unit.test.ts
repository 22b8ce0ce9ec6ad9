import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pgliteOnlyNotice, postgresProjects, refusal, testDatabasePlan } from './test-databases.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const URL = 'postgres://postgres@127.0.0.1:5432/saathi_test';

/** Runs a script with only PATH and the given variables, as a person's shell would. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('which database suites a run includes', () => {
  it('runs the PostgreSQL and multi-process projects only when TEST_DATABASE_URL names a server', () => {
    expect(testDatabasePlan({ TEST_DATABASE_URL: URL })).toEqual({ kind: 'postgres', url: URL });
    expect(postgresProjects({ TEST_DATABASE_URL: URL })).toEqual(['integration-pg', 'integration-processes']);
    for (const env of [{}, { TEST_DATABASE_URL: '  ' }, { SAATHI_TEST_PGLITE_ONLY: '1' }, { TEST_DATABASE_URL: URL, SAATHI_TEST_PGLITE_ONLY: '1' }]) {
      expect(postgresProjects(env), JSON.stringify(env)).toEqual([]);
    }
  });

  it('refuses a run without PostgreSQL, saying how to fix it both ways', () => {
    for (const env of [{}, { TEST_DATABASE_URL: '' }, { SAATHI_TEST_PGLITE_ONLY: '' }]) {
      const plan = testDatabasePlan(env);
      expect(plan).toEqual({ kind: 'missing' });
      const message = refusal(plan);
      expect(message).toContain('TEST_DATABASE_URL is not set');
      expect(message).toContain('integration-pg');
      expect(message).toContain('integration-processes');
      expect(message).toContain('TEST_DATABASE_URL=postgres://');
      expect(message).toContain('SAATHI_TEST_PGLITE_ONLY=1 npm test');
      expect(pgliteOnlyNotice(plan)).toBeNull();
    }
  });

  it('runs on PGlite alone only when asked with SAATHI_TEST_PGLITE_ONLY=1, and says what it leaves out', () => {
    const plan = testDatabasePlan({ SAATHI_TEST_PGLITE_ONLY: '1' });
    expect(plan).toEqual({ kind: 'pglite-only' });
    expect(refusal(plan)).toBeNull();
    const notice = pgliteOnlyNotice(plan);
    expect(notice).toContain('SAATHI_TEST_PGLITE_ONLY=1');
    expect(notice).toContain('integration-pg');
    expect(notice).toContain('integration-processes');
    expect(pgliteOnlyNotice(testDatabasePlan({ TEST_DATABASE_URL: URL }))).toBeNull();
    expect(refusal(testDatabasePlan({ TEST_DATABASE_URL: URL }))).toBeNull();
  });

  it('refuses both at once, and a value of SAATHI_TEST_PGLITE_ONLY other than 1', () => {
    const both = testDatabasePlan({ TEST_DATABASE_URL: URL, SAATHI_TEST_PGLITE_ONLY: '1' });
    expect(both.kind).toBe('conflict');
    expect(refusal(both)).toMatch(/both set/);
    for (const value of ['true', 'yes', '0']) {
      const plan = testDatabasePlan({ SAATHI_TEST_PGLITE_ONLY: value });
      expect(plan.kind, value).toBe('conflict');
      expect(refusal(plan), value).toContain('SAATHI_TEST_PGLITE_ONLY=1');
    }
  });
});

describe('the test commands', () => {
  it('`npm test` stops before its first stage without PostgreSQL, and exits non-zero', () => {
    // Only the integration stage needs the databases (no stage names means every stage).
    const { status, output } = runScript('scripts/test.mjs', ['integration'], {});
    expect(status).toBe(1);
    expect(output).toContain('TEST_DATABASE_URL is not set');
    expect(output).toContain('SAATHI_TEST_PGLITE_ONLY=1 npm test');
    expect(output).not.toContain('▶');
  });

  it('`npm run test:integration` stops before vitest starts without PostgreSQL', () => {
    const { status, output } = runScript('apps/server/test/run-integration.mjs', [], {});
    expect(status).toBe(1);
    expect(output).toContain('TEST_DATABASE_URL is not set');
    expect(output).not.toContain('RUN');
  });
});
