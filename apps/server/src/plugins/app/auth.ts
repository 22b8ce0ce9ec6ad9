import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, isRoleAccess, type EndpointAccess, type Permission, type Role, type RoleAccess } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { sha256Hex } from '../../core/crypto';
import { AppError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../core/errors';
import type { SessionsRepository } from '../../core/sessions/sessions.repository';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter';
import { isNonContractRoute } from './contract-routes';
import { priorityOf } from './route-priority';
import type { SessionCookie } from './session-cookie';

export interface AuthUser {
  id: number;
  /** `user` and the granted roles, as the database holds them at this request. */
  roles: Role[];
  permissions: Permission[];
  /** Date of birth (YYYY-MM-DD) as the database holds it at this request: the community's age gate reads it. */
  dob: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, set by the auth hook on every non-public `/api` route; on the
     * routes with `optional` access it stays null for a visitor (no valid credential).
     */
    user: AuthUser | null;
    sessionId: number | null;
  }
}

/**
 * Who may call a route is its `access` in the API contract (packages/shared/src/api), the one
 * list a reviewer reads: `public` (login, health, run-time config, a contact's tracking link
 * whose token is the credential, the event stream, which checks a single-use ticket itself),
 * `optional` (the community reads SPEC.md §2 shows without sign-in: a valid credential still
 * signs the caller in; a visitor gets public data only, DESIGN.md §8, and a per-IP limit),
 * `user` (everything else), or a management role (`editor`, `moderator`, `admin`: a session
 * whose user holds that role, or admin). The role is checked here, on request, before the
 * body or query is read, so a caller without it learns nothing about the call's shape.
 * Outside the contract only the docs and the presigned local uploads are public
 * (contract-routes.ts); any other route needs a session.
 */
/** last_used_at is informative; writing it on every request would double the write load. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthPluginOptions {
  sessions: SessionsRepository;
  /** The same lookups on the SOS path's pool, for the calls whose `priority` is `sos` (docs/adr/0022). */
  sosSessions?: SessionsRepository;
  clock: Clock;
  cookie: SessionCookie;
  /** The app's own origin (PUBLIC_URL): cookie-authenticated writes must come from it. */
  publicOrigin: string;
  /** Counts visitors' reads of the `optional` routes per client IP (a scraping brake). */
  visitorLimiter?: RateLimiter;
}

type Access = 'public' | 'optional' | 'required' | RoleAccess;

/** What core/http/endpoints.ts puts in a route's config from the contract's `access`. */
interface EndpointConfig {
  access?: EndpointAccess;
}

function accessOf(request: FastifyRequest): Access {
  const declared = (request.routeOptions.config as EndpointConfig | undefined)?.access;
  if (declared) return declared === 'user' ? 'required' : declared;
  return isNonContractRoute(request.routeOptions.url ?? '') ? 'public' : 'required';
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
  throw new AppError('origin_mismatch', 'This request did not come from the Saathi app.');
}

/**
 * Requires the caller to be signed in: one onRequest hook for all of `/api`. `public` routes
 * skip it; `optional` routes sign the caller in when they can and let visitors through.
 */
async function authPlugin(
  app: FastifyInstance,
  { sessions: readSessions, sosSessions, clock, cookie, publicOrigin, visitorLimiter }: AuthPluginOptions,
): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  async function admitVisitor(request: FastifyRequest): Promise<void> {
    const waitSeconds = visitorLimiter ? await visitorLimiter.take(`visitor:${request.ip}`) : 0;
    if (waitSeconds > 0) throw new TooManyRequestsError('Too many requests. Log in, or try again in a minute.', waitSeconds);
  }

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // Unknown API paths answer 404 from the not-found handler, with or without a token.
    if (request.is404) return;
    const access = accessOf(request);
    if (access === 'public') return;
    const credential = sessionToken(request, cookie);
    if (!credential) {
      if (access === 'optional') return admitVisitor(request);
      throw new UnauthorizedError();
    }
    if (credential.via === 'cookie') assertSameOrigin(request, publicOrigin);
    // An SOS never waits for a read connection, not even to learn who is calling.
    const sessions = priorityOf(request) === 'sos' ? (sosSessions ?? readSessions) : readSessions;
    const now = clock();
    const session = await sessions.findActive(sha256Hex(credential.token), now);
    if (!session) {
      // A shared link stays readable for someone whose session ended; their next action asks them to sign in.
      if (access === 'optional') return admitVisitor(request);
      throw new UnauthorizedError('Your session has ended. Sign in again.');
    }
    if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) await sessions.touch(session.sessionId, now);
    request.user = { id: session.userId, roles: session.roles, permissions: session.permissions, dob: session.dob };
    request.sessionId = session.sessionId;
    if (isRoleAccess(access) && !hasRole(session.roles, access)) throw new ForbiddenError(`This needs the ${access} role.`);
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['startup-gate', 'cookies'] });

/** The signed-in caller, or null for a visitor on an `optional` read. */
export function optionalUser(request: FastifyRequest): AuthUser | null {
  return request.user;
}

/** The signed-in caller; only call on routes the auth hook protects. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
