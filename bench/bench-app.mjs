import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/core/db/database.ts';
import { migrateToLatest } from '../apps/server/src/core/db/migrate.ts';
import { createFreshDatabase } from './scratch-db.mjs';

/**
 * Runs `body({ seed, connect, start })` with the app in this process on a fresh PostgreSQL
 * database (createFreshDatabase, `saathi_bench_<name>_…`) and a fresh temporary data directory:
 * - `seed(fill)` migrates the database, runs `fill(db)` and closes the connection again, so the
 *   app has the database to itself; resolves to `{ seeded, seededMs }`: what `fill` returned
 *   and how long it took (the migration not counted);
 * - `connect(poolSize)` opens another connection to the database (destroy it when done);
 * - `start(env, deps)` builds the app as the benches run it (production, quiet, no demo data,
 *   no web build, no push provider), with `env` on top and `deps` handed to buildApp, and
 *   resolves to `{ app, config }` once /api/health answers 200.
 * Then, in any case: the app is closed, the database dropped and the directory removed.
 */
export async function withBenchApp(name, body) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `saathi-bench-${name}-`));
  let database;
  let app;
  try {
    database = await createFreshDatabase(`saathi_bench_${name}`);
    const { databaseUrl } = database;
    const seed = async (fill) => {
      const handle = await openDatabase({ databaseUrl, dataDir });
      try {
        await migrateToLatest(handle.db);
        const started = performance.now();
        const seeded = await fill(handle.db);
        return { seeded, seededMs: Math.round(performance.now() - started) };
      } finally {
        await handle.close();
      }
    };
    const connect = async (poolSize) => (await openDatabase({ databaseUrl, dataDir, poolSize })).db;
    const start = async (env = {}, deps = {}) => {
      const config = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
        PUBLIC_URL: 'https://saathi.example',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
        SEED_DEMO_DATA: 'false',
        PUSH_PROVIDER: 'none',
        ...env,
      });
      app = await buildApp(config, deps);
      await app.ready();
      // The port opens before the database is ready (ADR 3): wait for it.
      while ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      return { app, config };
    };
    return await body({ seed, connect, start });
  } finally {
    await app?.close();
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
