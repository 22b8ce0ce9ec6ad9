import { ErrorResponse, LoginResponse, OkResponse, OtpRequestBody, OtpRequestResponse, OtpVerifyBody } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthorizedError } from '../../core/errors';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/otp/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit login code by SMS',
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
        summary: 'Exchange the code for a bearer token; creates the user on first login',
        security: [],
        body: OtpVerifyBody,
        response: { 200: LoginResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) =>
      auth.verifyCode({
        phoneNumber: request.body.phoneNumber,
        code: request.body.code,
        referrer: request.body.referrer,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token of this request',
        response: { 200: OkResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      if (request.sessionId === null) throw new UnauthorizedError();
      await auth.logout(request.sessionId);
      return { ok: true as const };
    },
  );
};
