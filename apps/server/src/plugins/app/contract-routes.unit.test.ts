import { defineEndpoints } from '@saathi/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoints } from '../../core/http/endpoints';
import { contractRoutes } from './contract-routes';

function appWithGuard() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

const part = defineEndpoints('things', {
  'GET /things/:id': {
    summary: 'One thing',
    params: z.object({ id: z.coerce.number() }),
    responses: { 200: z.object({ id: z.number() }) },
    errors: ['not_found'],
  },
});

describe('only contract routes under /api', () => {
  it('starts with routes registered from the contract and answers them', async () => {
    const app = appWithGuard();
    await app.register(contractRoutes);
    await app.register(async (api) => registerEndpoints(api, part, { 'GET /things/:id': async (request) => ({ id: request.params.id }) }), { prefix: '/api' });
    const res = await app.inject({ method: 'GET', url: '/api/things/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7 });
    await app.close();
  });

  it('refuses to start when an /api route is added by hand', async () => {
    const app = appWithGuard();
    await app.register(contractRoutes);
    const registering = app.register(async (api) => api.get('/handmade', async () => ({})), { prefix: '/api' });
    await expect(registering).rejects.toThrow('GET /api/handmade is not in the API contract');
    await app.close();
  });

  it('leaves the docs, presigned media uploads and pages outside /api alone', async () => {
    const app = appWithGuard();
    await app.register(contractRoutes);
    app.get('/api/docs/json', async () => ({}));
    app.put('/api/media-uploads/*', async () => ({}));
    app.get('/saathi-community-post/:id', async () => 'page');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
