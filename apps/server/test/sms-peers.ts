import { createHmac, randomBytes } from 'node:crypto';
import { postForm, startPeerServer, type PeerControls, type RecordedRequest } from './sms-peer-server';

/**
 * Local stand-ins for the SMS gateways, speaking each protocol as its documentation has it,
 * so the gateways' adapters (src/core/sms) are tested against requests and answers of the
 * real shape: Twilio's Messages API, MSG91's Flow API v5, and our own HTTP gateway protocol.
 * Each checks credentials as the service does (401), records every request (see
 * RecordedRequest), can fail or hang the next requests (PeerControls), and sends delivery
 * receipts as the service would.
 */
export type { RecordedRequest } from './sms-peer-server';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const form = (request: Pick<RecordedRequest, 'body'>) =>
  typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, string>) : {};

// ---------------------------------------------------------------------------------- Twilio

export interface TwilioPeer extends PeerControls {
  accountSid: string;
  /**
   * POSTs a status callback to `url` as Twilio does: a form with the message's fields and an
   * X-Twilio-Signature made with the auth token. The answer's status and text.
   */
  sendStatus(url: string, status: { MessageSid: string; MessageStatus: string; ErrorCode?: string }): Promise<{ status: number; text: string }>;
}

/** Twilio's error body (`{code, message, more_info, status}`), as its API answers a refusal. */
const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

const TWILIO_FAILURES: Record<number, [number, string]> = {
  400: [21211, "The 'To' number is not a valid phone number."],
  429: [20429, 'Too Many Requests'],
  500: [20500, 'An internal server error has occurred'],
  503: [20503, 'Service unavailable'],
};

export async function startTwilioPeer({ accountSid, authToken }: { accountSid: string; authToken: string }): Promise<TwilioPeer> {
  const sent = new Map<string, Record<string, string>>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const peer = await startPeerServer(
    (request) => {
      if (request.headers.authorization !== expectedAuth) return { status: 401, json: twilioError(401, 20003, 'Authenticate') };
      if (request.method !== 'POST' || request.path !== messagesPath)
        return { status: 404, json: twilioError(404, 20404, 'The requested resource was not found') };
      const { To, From, MessagingServiceSid, Body } = form(request);
      if (!To) return { status: 400, json: twilioError(400, 21604, "A 'To' phone number is required.") };
      // E.164, and for India a 10-digit mobile number (6 to 9 first), as Twilio's number lookup has it.
      if (!/^\+[1-9]\d{6,14}$/.test(To) || (To.startsWith('+91') && !/^\+91[6-9]\d{9}$/.test(To)))
        return { status: 400, json: twilioError(400, 21211, `The 'To' number ${To} is not a valid phone number.`) };
      if (!From && !MessagingServiceSid) return { status: 400, json: twilioError(400, 21603, "A 'From' phone number is required.") };
      if (!Body) return { status: 400, json: twilioError(400, 21602, 'Message body is required.') };
      const sid = `SM${hex(16)}`;
      sent.set(sid, form(request));
      const now = new Date().toUTCString().replace('GMT', '+0000');
      return {
        status: 201,
        json: {
          account_sid: accountSid,
          api_version: '2010-04-01',
          body: Body,
          date_created: now,
          date_sent: null,
          date_updated: now,
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from: From ?? null,
          messaging_service_sid: MessagingServiceSid ?? null,
          num_media: '0',
          num_segments: '1',
          price: null,
          price_unit: 'USD',
          sid,
          // A message through a messaging service is `accepted` until the service picks a sender.
          status: MessagingServiceSid && !From ? 'accepted' : 'queued',
          subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
          to: To,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        },
      };
    },
    (status) => {
      const [code, message] = TWILIO_FAILURES[status] ?? [20500, 'An internal server error has occurred'];
      return twilioError(status, code, message);
    },
  );

  return {
    ...peer,
    accountSid,
    async sendStatus(url, { MessageSid, MessageStatus, ErrorCode }) {
      const message = sent.get(MessageSid) ?? {};
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        MessageSid,
        SmsSid: MessageSid,
        MessageStatus,
        SmsStatus: MessageStatus,
      };
      if (message.To) params.To = message.To;
      if (message.From) params.From = message.From;
      if (message.MessagingServiceSid) params.MessagingServiceSid = message.MessagingServiceSid;
      if (ErrorCode) params.ErrorCode = ErrorCode;
      // Twilio's documented signature, computed here on its own (not with the code under test).
      const signed = Object.keys(params)
        .sort()
        .reduce((data, name) => data + name + params[name], url);
      const signature = createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
      return postForm(url, params, { 'x-twilio-signature': signature, 'user-agent': 'TwilioProxy/1.1' });
    },
  };
}

// ----------------------------------------------------------------------------------- MSG91

export interface Msg91Report {
  requestId: string;
  /** MSG91's code: 1 delivered, 2 failed, 8 sent, 9 NDNC, 16/25/26 rejected, 17 blocked. */
  status: number | string;
  desc?: string;
  failedReason?: string;
  /** Defaults to the number the request was sent to. */
  number?: string;
}

export interface Msg91Peer extends PeerControls {
  /** POSTs a delivery report to `url` as MSG91's classic webhook does: form field `data`, a JSON array per request. */
  sendReport(url: string, reports: Msg91Report[]): Promise<{ status: number; text: string }>;
}

const MSG91_DESCRIPTIONS: Record<string, string> = {
  '1': 'DELIVERED',
  '2': 'FAILED',
  '8': 'SENT',
  '9': 'NDNC',
  '16': 'REJECTED',
  '17': 'BLOCKED',
  '25': 'REJECTED',
  '26': 'REJECTED',
};

/**
 * MSG91's Flow API v5. `templateIds`, when given, are the templates the account has: MSG91
 * refuses any other with a 200 and `type: "error"`, as it refuses a request it cannot send.
 */
export async function startMsg91Peer({ authKey, templateIds }: { authKey: string; templateIds?: string[] }): Promise<Msg91Peer> {
  const numbers = new Map<string, string>();
  const peer = await startPeerServer(
    (request) => {
      if (request.headers.authkey !== authKey) return { status: 401, json: { type: 'error', message: 'Authentication failure' } };
      if (request.method !== 'POST' || !/^\/api\/v5\/flow\/?$/.test(request.path)) return { status: 404, json: { type: 'error', message: 'Not found' } };
      const body = request.body as { template_id?: unknown; recipients?: unknown };
      if (typeof body !== 'object' || body === null) return { status: 400, json: { type: 'error', message: 'Invalid JSON' } };
      if (typeof body.template_id !== 'string' || !body.template_id) return { status: 200, json: { type: 'error', message: 'Template ID missing' } };
      if (templateIds && !templateIds.includes(body.template_id)) return { status: 200, json: { type: 'error', message: 'Invalid template id' } };
      const recipients = Array.isArray(body.recipients) ? (body.recipients as Array<{ mobiles?: unknown }>) : [];
      if (recipients.length === 0 || recipients.some((r) => typeof r.mobiles !== 'string' || !/^91\d{10}$/.test(r.mobiles))) {
        return { status: 200, json: { type: 'error', message: 'Mobile number is invalid' } };
      }
      const requestId = hex(12);
      numbers.set(requestId, recipients[0]?.mobiles as string);
      return { status: 200, json: { type: 'success', message: requestId } };
    },
    () => ({ type: 'error', message: 'Something went wrong' }),
  );

  return {
    ...peer,
    async sendReport(url, reports) {
      const byRequest = new Map<string, Msg91Report[]>();
      for (const report of reports) byRequest.set(report.requestId, [...(byRequest.get(report.requestId) ?? []), report]);
      const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
      const data = [...byRequest].map(([requestId, entries]) => ({
        senderId: 'SAATHI',
        requestId,
        report: entries.map((r) => ({
          date,
          number: r.number ?? numbers.get(requestId) ?? '919999999999',
          status: String(r.status),
          desc: r.desc ?? MSG91_DESCRIPTIONS[String(r.status)] ?? 'UNKNOWN',
          failedReason: r.failedReason ?? '',
        })),
        userId: '123456',
        campaignName: 'API',
      }));
      return postForm(url, { data: JSON.stringify(data) });
    },
  };
}

// ------------------------------------------------------------------------ our HTTP gateway

/** A gateway of our own protocol (SMS_PROVIDER=http): JSON in, `{id}` out, bearer token when one is set. */
export async function startHttpSmsPeer({ token }: { token?: string } = {}): Promise<PeerControls & { url: string }> {
  let count = 0;
  const peer = await startPeerServer(
    (request) => {
      if (token && request.headers.authorization !== `Bearer ${token}`) return { status: 401, json: { error: 'unauthorized' } };
      if (request.method !== 'POST' || typeof request.body !== 'object') return { status: 400, json: { error: 'bad request' } };
      count += 1;
      return { status: 200, json: { id: `msg-${count}` } };
    },
    // An error page that quotes the request, as careless gateways do: it must never reach a log.
    (_status, request) => ({ error: 'failed', echo: request.raw }),
  );
  return { ...peer, url: `${peer.origin}/send` };
}
