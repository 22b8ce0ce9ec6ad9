import { describe, expect, it } from 'vitest';
import { bearer, build, testDbKind } from '../test/build';
import { uniquePhone } from '../test/factory';
import { createRecordingSms } from '../test/recording-sms';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { DbHandle } from './core/db/database';

const t = build();

describe('OpenAPI', () => {
  it('serves JSON listing every route with its schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/otp/request',
        '/api/auth/otp/verify',
        '/api/auth/logout',
        '/api/auth/update-fcm-token',
        '/api/users/me',
      ]),
    );
    expect(Object.keys(doc.paths['/api/users/me'])).toEqual(expect.arrayContaining(['get', 'patch']));
    const request = doc.paths['/api/auth/otp/request'].post;
    expect(request.requestBody.content['application/json'].schema.properties).toHaveProperty('phoneNumber');
    expect(request.security).toEqual([]);
  });

  it('serves the UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON, with or without a token', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/no-such-thing' } });
    const token = await t.loginAs(await t.factory.user());
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/users/nobody', headers: bearer(token) });
    expect(signedIn.statusCode).toBe(404);
  });
});

describe('web app not built', () => {
  it('serves a plain page instead of crashing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/account' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('The web app is not built');
  });
});

describe('request logging', () => {
  it('writes one JSON line per request, without tokens, codes or query strings', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: t.dataDir, AUTH_SECRET: t.config.authSecret! });
    const sms = createRecordingSms();
    const app = await buildApp(config, { db: { db: t.db, kind: t.kind, close: async () => undefined }, sms, logStream: { write: (l) => lines.push(l) } });
    try {
      const phone = uniquePhone();
      const sent = await app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { phoneNumber: phone } });
      const code = sms.lastCode(phone);
      const login = await app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { phoneNumber: phone, code, attemptId: sent.json().attemptId } });
      const { token } = login.json();
      await app.inject({ method: 'GET', url: '/api/users/me?lat=23.0225', headers: bearer(token) });
      // A browser sends the same token as its session cookie: that is never logged either.
      await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `saathi_session=${token}` } });

      const requests = lines.map((l) => JSON.parse(l)).filter((entry) => entry.msg === 'request');
      expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
        ['POST', '/api/auth/otp/request', 200],
        ['POST', '/api/auth/otp/verify', 200],
        ['GET', '/api/users/me', 200],
        ['GET', '/api/users/me', 200],
      ]);
      expect(typeof requests[2].ms).toBe('number');
      const all = lines.join('\n');
      expect(all).not.toContain(token);
      expect(all).not.toContain(code);
      expect(all).not.toContain('23.0225');
    } finally {
      await app.close();
    }
  });
});

describe('start-up', () => {
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
      // Alive while starting (a liveness probe must not kill it), not ready for traffic.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({ error: { code: 'starting' } });

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
