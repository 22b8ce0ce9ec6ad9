// Which database suites a test run includes, read from the environment. Plain JavaScript so
// that `npm test` (scripts/test.mjs, plain Node) and vitest.config.ts decide alike; types in
// test-databases.d.mts.

/** The suites that need a PostgreSQL server, by vitest project name. */
export const POSTGRES_PROJECTS = ['integration-pg', 'integration-processes'];

/**
 * `postgres`: TEST_DATABASE_URL names a server, every suite runs. `pglite-only`: the person
 * asked for the PGlite run on purpose (SAATHI_TEST_PGLITE_ONLY=1). `missing`: neither, so a
 * full run would leave suites out without being asked to. `conflict`: both, or a value of
 * SAATHI_TEST_PGLITE_ONLY other than 1.
 * @param {Record<string, string | undefined>} env
 */
export function testDatabasePlan(env) {
  const url = env.TEST_DATABASE_URL?.trim() ?? '';
  const pgliteOnly = env.SAATHI_TEST_PGLITE_ONLY?.trim() ?? '';
  if (pgliteOnly !== '' && pgliteOnly !== '1') {
    return { kind: 'conflict', reason: `SAATHI_TEST_PGLITE_ONLY is "${pgliteOnly}"; the PGlite-only run is asked for with SAATHI_TEST_PGLITE_ONLY=1.` };
  }
  if (url !== '' && pgliteOnly === '1') {
    return {
      kind: 'conflict',
      reason:
        'TEST_DATABASE_URL and SAATHI_TEST_PGLITE_ONLY=1 are both set: unset one (`TEST_DATABASE_URL= SAATHI_TEST_PGLITE_ONLY=1 npm test` for the PGlite-only run).',
    };
  }
  if (url !== '') return { kind: 'postgres', url };
  if (pgliteOnly === '1') return { kind: 'pglite-only' };
  return { kind: 'missing' };
}

/** The vitest projects that run besides unit and integration (PGlite). */
export function postgresProjects(env) {
  return testDatabasePlan(env).kind === 'postgres' ? [...POSTGRES_PROJECTS] : [];
}

const LEFT_OUT = [
  '  - integration-pg: the API suites again on PostgreSQL with PostGIS, the database production runs;',
  '  - integration-processes: several server processes on one PostgreSQL, Redis, S3 store and push service.',
];

/**
 * What a run that cannot go ahead prints (with the fix), or null when it can.
 * @param {ReturnType<typeof testDatabasePlan>} plan
 */
export function refusal(plan) {
  if (plan.kind === 'postgres' || plan.kind === 'pglite-only') return null;
  const lines =
    plan.kind === 'conflict'
      ? [`✖ ${plan.reason}`]
      : [
          '✖ No PostgreSQL for the tests: TEST_DATABASE_URL is not set.',
          '',
          'Without it these suites cannot run:',
          ...LEFT_OUT,
          '',
          'Either point the tests at a PostgreSQL server with PostGIS (they create and drop their own',
          'databases next to the one named):',
          '    psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE saathi_test"',
          '    psql -h 127.0.0.1 -U postgres -d saathi_test -c "CREATE EXTENSION postgis"',
          '    TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/saathi_test npm test',
          'or leave them out on purpose:',
          '    SAATHI_TEST_PGLITE_ONLY=1 npm test',
        ];
  return lines.join('\n');
}

/**
 * The banner of a PGlite-only run, printed when it starts and again when it ends; null for a
 * run with PostgreSQL.
 * @param {ReturnType<typeof testDatabasePlan>} plan
 */
export function pgliteOnlyNotice(plan) {
  if (plan.kind !== 'pglite-only') return null;
  return [
    '⚠ SAATHI_TEST_PGLITE_ONLY=1: a PGlite-only run. Left out on purpose:',
    ...LEFT_OUT,
    'This run does not show that the app works on PostgreSQL. Set TEST_DATABASE_URL for the full run.',
  ].join('\n');
}
