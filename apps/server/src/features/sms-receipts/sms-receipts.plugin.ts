import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { smsEndpoints } from '@saathi/shared/contract';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import { registerEndpoints } from '../../core/http/endpoints';
import { parseMsg91Receipts, parseTwilioReceipt, verifyTwilioSignature, type SmsGatewaySettings, type SmsReceipt } from '../../core/sms';
import type { FeaturePlugin } from '../../feature-plugin';
import { sosEventOfNotification } from '../sos';

/** The largest receipt read: a gateway's report of one message is well under a kilobyte. */
const RECEIPT_MAX_BYTES = 64 * 1024;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Delivery receipts from the SMS gateways (`POST /api/sms/status/twilio`, `/msg91`): each
 * moves its message's status forward, and the SOS owner's screen hears of it at once. A
 * receipt for a message we do not know, or one already applied, changes nothing and is
 * answered 200 all the same (gateways retry anything else). The bodies are the gateways'
 * own formats, read here (`binary` in the contract).
 */
export const smsReceiptsPlugin: FeaturePlugin = async (app, { ctx }) => {
  const { config, sms, bus, dbRef, log } = ctx;
  const configured = [config.sms.gateway, config.sms.fallback].filter((g): g is SmsGatewaySettings => g !== null);
  const twilio = configured.find((g) => g.kind === 'twilio');
  const msg91 = configured.find((g) => g.kind === 'msg91');

  // Gateways post forms: read them as plain fields (JSON stays as the app parses it).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: RECEIPT_MAX_BYTES }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  async function apply(provider: 'twilio' | 'msg91', receipts: readonly SmsReceipt[]): Promise<void> {
    for (const receipt of receipts) {
      const moved = await sms.applyReceipt(provider, receipt.providerMessageId, receipt.status, receipt.error);
      if (!moved?.sosNotificationId) continue;
      const event = await sosEventOfNotification(dbRef.db, moved.sosNotificationId);
      if (event) {
        await bus
          .publish([event.ownerId], { type: 'sos.updated', data: { eventId: event.eventId, status: event.status } })
          .catch((error: unknown) => log.warn({ reason: String(error) }, 'live event was not published'));
      }
    }
  }

  const fields = (request: FastifyRequest): Record<string, string> => {
    const body = request.body;
    if (typeof body !== 'object' || body === null) return {};
    return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  };

  registerEndpoints(app, smsEndpoints, {
    'POST /sms/status/twilio': {
      bodyLimit: RECEIPT_MAX_BYTES,
      handler: async (request) => {
        if (!twilio || twilio.kind !== 'twilio') throw new NotFoundError('No Twilio gateway is configured');
        const params = fields(request);
        // Twilio signs the URL it called (PUBLIC_URL's origin, this path and any query) and the form's fields.
        const url = `${new URL(config.publicUrl).origin}${request.url}`;
        const signature = request.headers['x-twilio-signature'];
        if (typeof signature !== 'string' || !verifyTwilioSignature({ authToken: twilio.authToken, url, params, signature })) {
          throw new ForbiddenError('The request is not signed by the configured Twilio account');
        }
        const receipt = parseTwilioReceipt(params);
        await apply('twilio', receipt ? [receipt] : []);
        return { ok: true as const };
      },
    },
    'POST /sms/status/msg91': {
      bodyLimit: RECEIPT_MAX_BYTES,
      handler: async (request) => {
        if (!msg91 || msg91.kind !== 'msg91') throw new NotFoundError('No MSG91 gateway is configured');
        // MSG91 does not sign its reports: a shared secret in the URL (MSG91_WEBHOOK_TOKEN) stands in.
        const token = request.query.token;
        if (msg91.webhookToken && (typeof token !== 'string' || !sameText(token, msg91.webhookToken))) {
          throw new ForbiddenError('The report does not carry the configured webhook token');
        }
        await apply('msg91', parseMsg91Receipts(request.body));
        return { ok: true as const };
      },
    },
  });
};
