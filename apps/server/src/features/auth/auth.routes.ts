import { authEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { UnauthorizedError } from '../../core/errors';
import type { SessionCookie } from '../../plugins/app/session-cookie';
import type { AuthService } from './auth.service';
import { loginDeviceCookie } from './login-device-cookie';

export function authRoutes(app: FastifyInstance, { auth, cookie }: { auth: AuthService; cookie: SessionCookie }): void {
  const device = loginDeviceCookie(cookie);
  registerEndpoints(app, authEndpoints, {
    // The Accept-Language header picks the SMS language when the number is nobody's yet.
    'POST /auth/otp/request': async (request, reply) =>
      auth.requestCode({
        phoneNumber: request.body.phoneNumber,
        ip: request.ip,
        device: device.deviceOf(request, reply),
        acceptLanguage: request.headers['accept-language'],
        altcha: request.body.altcha,
      }),

    'POST /auth/otp/verify': async (request, reply) => {
      const login = await auth.verifyCode({
        phoneNumber: request.body.phoneNumber,
        code: request.body.code,
        attemptId: request.body.attemptId,
        referrer: request.body.referrer,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        device: device.deviceOf(request, reply),
        altcha: request.body.altcha,
      });
      device.renew(request, reply);
      reply.setCookie(cookie.name, login.token, cookie.options);
      return login;
    },

    'POST /auth/logout': async (request, reply) => {
      if (request.sessionId === null) throw new UnauthorizedError();
      await auth.logout(request.sessionId);
      reply.clearCookie(cookie.name, { path: cookie.options.path, secure: cookie.options.secure, sameSite: cookie.options.sameSite, httpOnly: true });
      return { ok: true as const };
    },
  });
}
