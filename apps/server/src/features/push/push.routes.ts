import { ErrorResponse, OkResponse, UpdateFcmTokenBody } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/auth';
import type { PushService } from './push.service';

export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.post(
    '/auth/update-fcm-token',
    {
      schema: {
        tags: ['push'],
        summary: "Store this browser's Web Push subscription (or an FCM token) for the signed-in user",
        body: UpdateFcmTokenBody,
        response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      await push.saveSubscription(requireUser(request).id, request.body.fcmToken);
      return { ok: true as const };
    },
  );
};
