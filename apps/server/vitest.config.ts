import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresProjects } from './test/test-databases.mjs';

/**
 * unit: pure functions, no database. integration: the API through `app.inject` on a
 * PGlite copy per test file; integration-pg: the same files on PostgreSQL, only when
 * TEST_DATABASE_URL points at a server with PostGIS. A full run without it is refused by
 * `npm test` and `npm run test:integration` unless SAATHI_TEST_PGLITE_ONLY=1 asks for it
 * (test/test-databases.mjs); a single file may still be run on PGlite alone.
 */
const integration = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.unit.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    env: { SAATHI_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // The files of a worker share one process and module cache: each file still builds its own
    // app on its own database copy (test/build.ts), but Fastify, Kysely and PGlite's WebAssembly
    // are loaded once per worker, not once per file (a third less time for the suites).
    isolate: false,
  },
});

/**
 * integration-processes: real server processes (`node --import tsx src/server.ts`), two or
 * more per file, sharing one PostgreSQL database, Redis, an S3 store and a push service.
 * PostgreSQL only: an embedded PGlite database cannot be opened by two processes.
 */
const processes: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'integration-processes',
    include: ['test/processes/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    env: { SAATHI_TEST_DB: 'postgres' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

/** The projects that need a PostgreSQL server, by the names test/test-databases.mjs gives them. */
const onPostgres: Record<string, TestProjectInlineConfiguration> = {
  'integration-pg': integration('integration-pg', 'postgres'),
  'integration-processes': processes,
};

export default defineConfig({
  test: {
    pool: 'forks',
    // Each PGlite instance is a WebAssembly Postgres; two at a time keeps memory in check.
    maxWorkers: 2,
    setupFiles: ['./test/setup-loud.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.unit.test.ts', 'test/**/*.unit.test.ts'] } },
      integration('integration', 'pglite'),
      ...postgresProjects(process.env).map((name) => onPostgres[name]!),
    ],
  },
});
