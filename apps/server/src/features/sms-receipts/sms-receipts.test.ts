import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMS_TEMPLATE_ID_KEYS } from '@saathi/shared/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { takeConsoleErrors } from '../../../test/console';
import { startMsg91Peer, startTwilioPeer, type Msg91Peer, type TwilioPeer } from '../../../test/sms-peers';
import { addContact, freshPlace, get, raiseSos } from '../../../test/sos-fixtures';

const ACCOUNT = `AC${'a1'.repeat(16)}`;
const AUTH_TOKEN = 'twilio-auth-token';
const MSG91_KEY = 'msg91-auth-key';
const WEBHOOK_TOKEN = 'msg91-webhook-token-0123';

const peers = {} as { twilio: TwilioPeer; msg91: Msg91Peer; port: number; idsFile: string };

/** A free port, so PUBLIC_URL can name the address the app then listens on (Twilio signs that URL). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  [peers.twilio, peers.msg91, peers.port] = await Promise.all([
    startTwilioPeer({ accountSid: ACCOUNT, authToken: AUTH_TOKEN }),
    startMsg91Peer({ authKey: MSG91_KEY }),
    freePort(),
  ]);
  // Every template registered: template ids as a DLT portal gives them.
  peers.idsFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-dlt-')), 'templates.json');
  await fs.writeFile(
    peers.idsFile,
    JSON.stringify(Object.fromEntries(SMS_TEMPLATE_ID_KEYS.map((key, i) => [key, `12071691000000${String(i).padStart(5, '0')}`]))),
  );
});
afterAll(() => Promise.all([peers.twilio?.close(), peers.msg91?.close()]));

const t = build(
  () => ({
    PUBLIC_URL: `http://127.0.0.1:${peers.port}`,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: 'SAATHI',
    TWILIO_API_URL: peers.twilio.origin,
    SMS_FALLBACK_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: MSG91_KEY,
    MSG91_API_URL: peers.msg91.origin,
    MSG91_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    SMS_TEMPLATE_IDS: peers.idsFile,
    SMS_DLT_ENTITY_ID: '1201159100000012345',
    SMS_SENDER_ID: 'SAATHI',
    SMS_TIMEOUT_MS: '300',
  }),
  { gateways: 'configured' },
);

beforeAll(async () => {
  await t.app.listen({ port: peers.port, host: '127.0.0.1' });
});

const base = () => `http://127.0.0.1:${peers.port}`;
const twilioCallback = () => `${base()}/api/sms/status/twilio`;
const msg91Webhook = (token = WEBHOOK_TOKEN) => `${base()}/api/sms/status/msg91?token=${token}`;

const twilioSentTo = (phone: string) =>
  peers.twilio.requests.filter((r) => r.answer === 201 && (r.body as Record<string, string>).To === `+91${phone}`).map((r) => r.body as Record<string, string>);
const msg91SentTo = (phone: string) =>
  peers.msg91.requests
    .filter((r) => r.answer === 200 && (r.body as { recipients?: Array<{ mobiles: string }> }).recipients?.[0]?.mobiles === `91${phone}`)
    .map((r) => r.body as { template_id: string; recipients: Array<Record<string, string>> });

async function raise(name: string, contactPhone: string, language?: 'hi-IN' | 'gu-IN') {
  const owner = await t.factory.user({ name });
  if (language) await t.db.updateTable('users').set({ language }).where('id', '=', owner.id).execute();
  await addContact(t, owner.id, { name: 'Didi', phoneNumber: contactPhone });
  const token = await t.loginAs(owner);
  const eventId = (await raiseSos(t, token, { ...freshPlace(), threat: 'fire', contactsOnly: true })).json().id as number;
  await t.app.outbox.drain();
  const contactSms = async () =>
    ((await get(t, token, `/api/sos/${eventId}`)).json().alerted as Array<{ kind: string; sms: unknown }>).find((r) => r.kind === 'contact')?.sms;
  return { token, eventId, contactSms };
}

describe('Twilio: the SOS SMS and its receipts', () => {
  it('sends each contact the registered text with a status callback, and the receipts move what the owner sees', async () => {
    const { contactSms } = await raise('Priya Nair', '9822100001', 'hi-IN');
    const [form] = twilioSentTo('9822100001');
    expect(form).toEqual({
      To: '+919822100001',
      From: 'SAATHI',
      Body: expect.stringMatching(/^Priya का SOS \(आग\)। लाइव लोकेशन: 127\.0\.0\.1:\d+\/t\/[A-Za-z0-9]{12} जवाब न मिले तो 112 पर कॉल करें।$/),
      StatusCallback: twilioCallback(),
    });
    expect(await contactSms()).toEqual({ status: 'queued', updatedAt: expect.any(String) });

    const sid = await lastSid('9822100001');
    expect((await peers.twilio.sendStatus(twilioCallback(), { MessageSid: sid, MessageStatus: 'sent' })).status).toBe(200);
    expect(await contactSms()).toMatchObject({ status: 'sent' });
    expect((await peers.twilio.sendStatus(twilioCallback(), { MessageSid: sid, MessageStatus: 'delivered' })).status).toBe(200);
    const delivered = await contactSms();
    expect(delivered).toMatchObject({ status: 'delivered' });

    // A late or replayed receipt changes nothing.
    expect((await peers.twilio.sendStatus(twilioCallback(), { MessageSid: sid, MessageStatus: 'sent' })).status).toBe(200);
    expect((await peers.twilio.sendStatus(twilioCallback(), { MessageSid: sid, MessageStatus: 'delivered' })).status).toBe(200);
    expect(await contactSms()).toEqual(delivered);
  });

  it('tells the owner a message the carrier could not deliver', async () => {
    const { contactSms } = await raise('Kavya Rao', '9822100002');
    await peers.twilio.sendStatus(twilioCallback(), { MessageSid: await lastSid('9822100002'), MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect(await contactSms()).toMatchObject({ status: 'undelivered' });
    const [row] = await t.db.selectFrom('sms_messages').select(['last_error']).where('to_phone', '=', '9822100002').execute();
    expect(row?.last_error).toBe('30003');
  });

  it("refuses a receipt without the account's signature (403) and ignores one for a message it does not know (200)", async () => {
    const { contactSms } = await raise('Anu Das', '9822100003');
    const sid = await lastSid('9822100003');
    const form = new URLSearchParams({ MessageSid: sid, MessageStatus: 'delivered', AccountSid: ACCOUNT });
    const post = (headers: Record<string, string>) =>
      fetch(twilioCallback(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: form });
    expect((await post({})).status).toBe(403);
    expect((await post({ 'x-twilio-signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' })).status).toBe(403);
    expect(await contactSms()).toMatchObject({ status: 'queued' });

    expect((await peers.twilio.sendStatus(twilioCallback(), { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'failed' })).status).toBe(200);
    expect(await contactSms()).toMatchObject({ status: 'queued' });
  });
});

async function lastSid(phone: string): Promise<string> {
  const row = await t.db
    .selectFrom('sms_messages')
    .select('provider_message_id')
    .where('to_phone', '=', phone)
    .where('provider', '=', 'twilio')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row?.provider_message_id) throw new Error(`no Twilio message to ${phone}`);
  return row.provider_message_id;
}

describe('the fallback: MSG91', () => {
  it('takes over after Twilio answered 500 twice, with the registered template and its variables', async () => {
    peers.twilio.failNext(2, 500);
    const { contactSms } = await raise('Meera Shah', '9822100004', 'gu-IN');
    expect(await contactSms()).toMatchObject({ status: 'queued' });
    t.clock.advance(1_500);
    await t.app.outbox.drain();
    t.clock.advance(3_000);
    await t.app.outbox.drain();
    const [flow, ...more] = msg91SentTo('9822100004');
    expect(more).toEqual([]);
    const ids = JSON.parse(await fs.readFile(peers.idsFile, 'utf8')) as Record<string, string>;
    expect(flow).toEqual({
      template_id: ids['sosContact.gu-IN'],
      short_url: '0',
      recipients: [{ mobiles: '919822100004', name: 'Meera', threat: 'આગ', link: expect.stringMatching(/^127\.0\.0\.1:\d+\/t\/[A-Za-z0-9]{12}$/) }],
    });
    expect(twilioSentTo('9822100004')).toEqual([]);

    // MSG91's report needs the webhook token; with it, the owner sees the delivery.
    const row = await t.db
      .selectFrom('sms_messages')
      .select(['provider', 'provider_message_id'])
      .where('to_phone', '=', '9822100004')
      .executeTakeFirstOrThrow();
    expect(row.provider).toBe('msg91');
    const report = [{ requestId: row.provider_message_id as string, status: 1 }];
    expect((await peers.msg91.sendReport(msg91Webhook('wrong-token-wrong-token'), report)).status).toBe(403);
    expect(await contactSms()).toMatchObject({ status: 'queued' });
    expect((await peers.msg91.sendReport(msg91Webhook(), report)).status).toBe(200);
    expect(await contactSms()).toMatchObject({ status: 'delivered' });
  });

  it('takes over from a gateway that does not answer in time', async () => {
    peers.twilio.hangNext(2);
    const { contactSms } = await raise('Ritu Sen', '9822100005');
    t.clock.advance(1_500);
    await t.app.outbox.drain();
    t.clock.advance(3_000);
    await t.app.outbox.drain();
    expect(msg91SentTo('9822100005')).toHaveLength(1);
    expect(await contactSms()).toMatchObject({ status: 'queued' });
    expect(takeConsoleErrors()).toEqual([]);
  });
});

describe('login codes through Twilio', () => {
  it('sends the code in the language the phone asks for, and keeps nothing of it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/request',
      payload: { phoneNumber: '9822100006' },
      headers: { 'accept-language': 'gu-IN' },
    });
    expect(res.statusCode).toBe(200);
    const [form] = twilioSentTo('9822100006');
    expect(form?.Body).toMatch(/^તમારો Saathi લૉગિન કોડ \d{6} છે\. તે 5 મિનિટમાં સમાપ્ત થશે\./);
    // Twilio reports on it like any message: answered 200, nothing to move.
    expect((await peers.twilio.sendStatus(twilioCallback(), { MessageSid: `SM${'f'.repeat(32)}`, MessageStatus: 'delivered' })).status).toBe(200);
    expect(await t.db.selectFrom('sms_messages').select('id').where('to_phone', '=', '9822100006').execute()).toEqual([]);
  });
});
