import { ErrorResponse, LoginResponse, OkResponse, OtpRequestBody, OtpRequestResponse, OtpVerifyBody } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../core/errors';
import type { SessionCookie } from '../../plugins/app/session-cookie';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; cookie: SessionCookie }> = async (app, { auth, cookie }) => {
  app.post(
    '/auth/otp/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit login code by SMS; the answer names the login attempt the code belongs to',
        security: [],
        body: OtpRequestBody,
        response: { 200: OtpRequestResponse, 400: ErrorResponse, 429: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) => auth.requestCode(request.body.phoneNumber, request.ip),
  );

  app.post(
    '/auth/otp/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Exchange the code (with the attemptId of its request) for a session: a bearer token in the body for API clients, and an HttpOnly cookie for the web app; creates the user on first login',
        security: [],
        body: OtpVerifyBody,
        response: { 200: LoginResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const login = await auth.verifyCode({
        phoneNumber: request.body.phoneNumber,
        code: request.body.code,
        attemptId: request.body.attemptId,
        referrer: request.body.referrer,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.setCookie(cookie.name, login.token, cookie.options);
      return login;
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session of this request (bearer token or cookie) and clear the cookie',
        response: { 200: OkResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (request.sessionId === null) throw new UnauthorizedError();
      await auth.logout(request.sessionId);
      reply.clearCookie(cookie.name, { path: cookie.options.path, secure: cookie.options.secure, sameSite: cookie.options.sameSite, httpOnly: true });
      return { ok: true as const };
    },
  );
};
