import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission, Role } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { sha256Hex } from '../../core/crypto';
import { AppError, UnauthorizedError } from '../../core/errors';
import type { SessionsRepository } from '../../features/auth/sessions.repository';
import type { SessionCookie } from './session-cookie';

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
  cookie: SessionCookie;
  /** The app's own origin (PUBLIC_URL): cookie-authenticated writes must come from it. */
  publicOrigin: string;
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

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The caller's session token: the bearer header (API clients) or the session cookie (the
 * web app). A bearer header, when present, wins, so a client never acts with two identities.
 */
export function sessionToken(request: FastifyRequest, cookie: SessionCookie): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' };
  const value = request.cookies[cookie.name];
  return value && TOKEN_SHAPE.test(value) ? { token: value, via: 'cookie' } : undefined;
}

/**
 * A cookie is sent by the browser whoever wrote the page, so a write carried by the cookie
 * must say it comes from one of our pages: its Origin is the app's public origin or the
 * origin it was sent to (the dev server's proxy). SameSite=Strict already keeps other
 * sites' requests cookieless; this holds even where SameSite is not honoured.
 */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  const ownOrigin = `${request.protocol}://${request.host}`;
  if (origin === publicOrigin || origin === ownOrigin) return;
  throw new AppError(403, 'origin_mismatch', 'This request did not come from the Saathi app.');
}

/** Requires the caller to be signed in: one onRequest hook for all of `/api`. */
async function authPlugin(app: FastifyInstance, { sessions, clock, cookie, publicOrigin }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // Unknown API paths answer 404 from the not-found handler, with or without a token.
    if (request.is404 || isPublic(request)) return;
    const credential = sessionToken(request, cookie);
    if (!credential) throw new UnauthorizedError();
    if (credential.via === 'cookie') assertSameOrigin(request, publicOrigin);
    const now = clock();
    const session = await sessions.findActive(sha256Hex(credential.token), now);
    if (!session) throw new UnauthorizedError('Your session has ended. Sign in again.');
    if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) await sessions.touch(session.sessionId, now);
    request.user = { id: session.userId, role: session.role, permissions: session.permissions };
    request.sessionId = session.sessionId;
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['startup-gate', 'cookies'] });

/** The signed-in caller; only call on routes the auth hook protects. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
