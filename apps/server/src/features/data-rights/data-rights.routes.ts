import { indiaDate } from '@saathi/shared';
import { dataRightsEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { UnauthorizedError } from '../../core/errors';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { SessionCookie } from '../../plugins/app/session-cookie';
import type { Clock } from '../../core/clock';
import type { DataRightsService } from './data-rights.service';

export function dataRightsRoutes(app: FastifyInstance, deps: { dataRights: DataRightsService; cookie: SessionCookie; clock: Clock }): void {
  const { dataRights, cookie, clock } = deps;
  const sessionOf = (sessionId: number | null) => {
    if (sessionId === null) throw new UnauthorizedError();
    return sessionId;
  };

  registerEndpoints(app, dataRightsEndpoints, {
    'GET /users/me/export': async (request, reply) => {
      const data = await dataRights.exportData(requireUser(request).id);
      reply.header('content-disposition', `attachment; filename="saathi-data-${indiaDate(clock())}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },

    'POST /users/me/deletion-code': async (request) => dataRights.sendDeletionCode(requireUser(request).id, sessionOf(request.sessionId), request.ip),

    'DELETE /users/me': async (request, reply) => {
      await dataRights.deleteAccount(requireUser(request), sessionOf(request.sessionId), request.body.code, request.ip);
      reply.clearCookie(cookie.name, { path: cookie.options.path, secure: cookie.options.secure, sameSite: cookie.options.sameSite, httpOnly: true });
      return { ok: true as const };
    },
  });
}
