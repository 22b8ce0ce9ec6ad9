import { describe, expect, it } from 'vitest';
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
