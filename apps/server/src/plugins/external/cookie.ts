import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Parses the Cookie header (the web app's session, see plugins/app/session-cookie.ts). */
async function cookiePlugin(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

export const cookies = fp(cookiePlugin, { name: 'cookies' });
