import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/core/db/database';
import { migrations } from '../../src/core/db/migrations';
import { adminQuery, quoteIdent, withDatabase } from '../pg-admin';
import { Cleanups, clusterEnv, scratchDatabaseName, startPair, startSharedServices } from './cluster';
import os from 'node:os';

/**
 * A deployment's first start: every replica starts at once on an empty database (only the
 * PostGIS extension, which a managed PostgreSQL offers to create). The schema must be built
 * once, not raced into an error or applied twice.
 */
const cleanups = new Cleanups();
afterAll(async () => {
  await cleanups.run();
});

describe('two processes starting on a fresh database', () => {
  it('apply the migrations once and both become healthy', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = scratchDatabaseName();
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
    cleanups.add(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    const url = withDatabase(adminUrl, name);
    await adminQuery(url, 'CREATE EXTENSION postgis');
    const services = await startSharedServices(cleanups);

    // Info level: "migrations applied" is an info line.
    const env = clusterEnv(url, services, { LOG_LEVEL: 'info' });
    const [a, b] = await startPair(env, env, cleanups);
    for (const server of [a, b]) expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    const handle = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), poolSize: 1 });
    cleanups.add(() => handle.close());
    const applied = await sql<{ name: string; n: number }>`SELECT name, count(*)::int AS n FROM kysely_migration GROUP BY name ORDER BY name`.execute(
      handle.db,
    );
    expect(applied.rows).toEqual(
      Object.keys(migrations)
        .sort()
        .map((migration) => ({ name: migration, n: 1 })),
    );

    const appliedBy = [a, b].filter((server) => server.output().includes('migrations applied'));
    expect(appliedBy, 'processes whose log says "migrations applied"').toHaveLength(1);
  });
});
