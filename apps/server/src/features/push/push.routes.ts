import { pushEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { PushService } from './push.service';

export function pushRoutes(app: FastifyInstance, { push }: { push: PushService }): void {
  registerEndpoints(app, pushEndpoints, {
    'POST /auth/update-fcm-token': async (request) => {
      await push.saveSubscription(requireUser(request).id, request.body.fcmToken);
      return { ok: true as const };
    },
    'POST /push/test': async (request) => push.sendTest(requireUser(request).id),
  });
}
