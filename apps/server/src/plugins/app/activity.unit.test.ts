import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, vi } from 'vitest';
import { activity } from './activity';

/** Stands in for the auth plugin: every request is user 7's. */
const signedIn = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = { id: 7, roles: ['user'], permissions: [], dob: '2000-01-01' };
    });
  },
  { name: 'auth' },
);

describe('activity hook', () => {
  it('counts a signed-in request that succeeded, and not one that was refused', async () => {
    const onActive = vi.fn(async () => undefined);
    const app = Fastify();
    await app.register(signedIn);
    await app.register(activity, { onActive });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/refused', async (_request, reply) => reply.code(400).send({ error: 'bad' }));

    expect((await app.inject({ method: 'GET', url: '/refused' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    // Hooks run in the order the answers finished: once the second is counted, the first was judged.
    await vi.waitFor(() => expect(onActive).toHaveBeenCalledWith(7));
    expect(onActive).toHaveBeenCalledTimes(1);
    await app.close();
  });
});
