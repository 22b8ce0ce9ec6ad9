import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken, sha256Hex } from '../../core/crypto';
import type { SessionCookie } from '../../plugins/app/session-cookie';

/** Chromium keeps a cookie at most 400 days; the cookie is renewed at each login. */
const MAX_AGE_SECONDS = 400 * 86_400;
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * The browser's device cookie: a random token, HttpOnly, sent only by our own pages, kept 400
 * days. It says nothing by itself; once the browser signs in to a number, the number's login
 * limits know it (login_devices keeps the token's hash) and never slow or challenge it because
 * of what other browsers asked (login-limits.ts). Over https it has the `__Host-` prefix, as the
 * session cookie does.
 */
export function loginDeviceCookie(session: SessionCookie) {
  const name = session.name.startsWith('__Host-') ? '__Host-saathi_device' : 'saathi_device';
  const options = { ...session.options, maxAge: MAX_AGE_SECONDS };

  return {
    /**
     * The hash of the request's device token, and whether the request carried it: a browser
     * without one (or with a malformed one) is given a new token on this answer, and counts as
     * a browser nobody knows until it comes back with it.
     */
    deviceOf(request: FastifyRequest, reply: FastifyReply): { hash: string; presented: boolean } {
      const current = request.cookies[name];
      const presented = current !== undefined && TOKEN.test(current);
      const token = presented ? current : newToken();
      if (!presented) reply.setCookie(name, token, options);
      return { hash: sha256Hex(`login-device:${token}`), presented };
    },
    /** Renews the cookie's 400 days (at each login). */
    renew(request: FastifyRequest, reply: FastifyReply): void {
      const current = request.cookies[name];
      if (current && TOKEN.test(current)) reply.setCookie(name, current, options);
    },
  };
}
