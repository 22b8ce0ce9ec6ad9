import { beforeAll, describe, expect, it, vi } from 'vitest';
import { build, testDbKind } from '../../../test/build';

describe('GET /api/health', () => {
  const t = build();

  it('answers ok with the kind of database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: testDbKind() });
  });

  it('needs no token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  const t = build();
  // The outbox worker starts once the database is warm, a moment after the app is built.
  beforeAll(async () => {
    await vi.waitFor(() => expect(t.app.outbox.running).toBe(true), { timeout: 10_000 });
  });

  it('live: the process answers, whatever its dependencies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready: the database answers, its migrations are done and the outbox runs (no Redis configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not_configured', outbox: 'ok' } });
  });

  it('not ready while the outbox worker is stopped, or a migration of this build has not run', async () => {
    await t.app.outbox.stop();
    try {
      const stopped = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toEqual({ error: { code: 'not_ready', message: 'Not ready: outbox stopped', params: { checks: 'outbox' } } });
    } finally {
      t.app.outbox.start();
    }

    const last = await t.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { name } = last as { name: string };
    const row = await t.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where('name' as never, '=', name as never)
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json().error.params).toEqual({ checks: 'migrations' });
    } finally {
      await t.db
        .insertInto('kysely_migration' as never)
        .values(row)
        .execute();
    }
    await vi.waitFor(async () => expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200));
  });

  it('not ready when Redis does not answer', async () => {
    const { readiness } = await import('./health.routes');
    const checks = await readiness({
      dbRef: { ready: true, db: t.db, kind: t.kind } as never,
      bus: { kind: 'redis', ping: async () => false },
      outbox: { running: true },
    });
    expect(checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'failed', outbox: 'ok' });
  });
});
