import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { build, testDbKind } from '../../../test/build';
import { loadConfig } from '../../config';
import type { DbHandle } from '../../core/db/database';

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

describe('start-up', () => {
  const t = build();

  it('answers /api with 503 "starting" until the database is ready, then serves', async () => {
    let open!: (handle: DbHandle) => void;
    const pending = new Promise<DbHandle>((resolve) => (open = resolve));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, AUTH_SECRET: t.config.authSecret! });
    const app = await buildApp(config, { db: pending });
    try {
      const early = await app.inject({ method: 'GET', url: '/api/health' });
      expect(early.statusCode).toBe(503);
      expect(early.json()).toMatchObject({ error: { code: 'starting' } });
      expect(early.headers['retry-after']).toBe('2');
      const login = await app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { phoneNumber: '9876543210' } });
      expect(login.statusCode).toBe(503);

      open({ db: t.db, kind: t.kind, close: async () => undefined });
      await new Promise((resolve) => setImmediate(resolve));
      const later = await app.inject({ method: 'GET', url: '/api/health' });
      expect(later.statusCode).toBe(200);
      expect(later.json()).toEqual({ status: 'ok', db: testDbKind() });
    } finally {
      await app.close();
    }
  });
});
