import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission, Role } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { sha256Hex } from '../../core/crypto';
import { UnauthorizedError } from '../../core/errors';
import type { SessionsRepository } from '../../features/auth/sessions.repository';

export interface AuthUser {
  id: number;
  role: Role;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the auth hook on every non-public `/api` route. */
    user: AuthUser | null;
    sessionId: number | null;
  }
}

/** The only `/api` routes reachable without a token. Everything else needs one. */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  'POST /api/auth/otp/request',
  'POST /api/auth/otp/verify',
  // EventSource cannot send headers: the stream checks a single-use ticket or the bearer itself.
  'GET /api/events',
  // Contacts without the app open their tracking link; the token in the path is the credential.
  'GET /api/track/:token',
  // Run-time settings of the web app (place search URL); nothing user-specific.
  'GET /api/config/public',
  // Presigned local uploads (core/storage): the signed URL is the credential, as with S3.
  'PUT /api/media-uploads/*',
]);
const PUBLIC_PREFIXES = ['/api/docs'];

/** last_used_at is informative; writing it on every request would double the write load. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthPluginOptions {
  sessions: SessionsRepository;
  clock: Clock;
}

function isPublic(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  if (PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return true;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return PUBLIC_ROUTES.has(`${method} ${url}`);
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Requires the caller to be signed in: one onRequest hook for all of `/api`. */
async function authPlugin(app: FastifyInstance, { sessions, clock }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // Unknown API paths answer 404 from the not-found handler, with or without a token.
    if (request.is404 || isPublic(request)) return;
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError();
    const now = clock();
    const session = await sessions.findActive(sha256Hex(token), now);
    if (!session) throw new UnauthorizedError('Your session has ended. Sign in again.');
    if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) await sessions.touch(session.sessionId, now);
    request.user = { id: session.userId, role: session.role, permissions: session.permissions };
    request.sessionId = session.sessionId;
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['startup-gate'] });

/** The signed-in caller; only call on routes the auth hook protects. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
