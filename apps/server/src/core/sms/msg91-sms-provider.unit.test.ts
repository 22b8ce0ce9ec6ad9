import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_TEST_LANGUAGES, TEST_DLT, loginCodeSms, sosContactSms } from '../../../test/sms-messages';
import { startMsg91Peer, type Msg91Peer } from '../../../test/sms-peers';
import { msg91SmsProvider } from './msg91-sms-provider';
import { SmsGatewayError } from './sms-provider';

const AUTH_KEY = '412345AbCdEfGhIjKlMnOp12';

describe('MSG91 SMS provider', () => {
  let peer: Msg91Peer;
  beforeAll(async () => {
    peer = await startMsg91Peer({ authKey: AUTH_KEY, templateIds: Object.values(TEST_DLT.templateIds) });
  });
  afterAll(() => peer.close());

  const gateway = (options: { authKey?: string; timeoutMs?: number } = {}) =>
    msg91SmsProvider({ authKey: options.authKey ?? AUTH_KEY, apiUrl: `${peer.origin}/`, dlt: TEST_DLT, timeoutMs: options.timeoutMs });

  for (const language of SMS_TEST_LANGUAGES) {
    it(`sends a ${language} login code and SOS message through the Flow API, variables by name`, async () => {
      for (const message of [loginCodeSms(language), sosContactSms(language)]) {
        const accepted = await gateway().send(message);
        expect(accepted).toEqual({ providerMessageId: expect.stringMatching(/^[0-9a-f]{24}$/), status: 'queued' });
        expect(peer.requests.at(-1)).toEqual({
          method: 'POST',
          path: '/api/v5/flow',
          headers: { authkey: AUTH_KEY, 'content-type': 'application/json' },
          body: {
            template_id: TEST_DLT.templateIds[`${message.template.name}.${language}`],
            short_url: '0',
            recipients: [{ mobiles: '919876543210', ...message.template.variables }],
          },
          raw: expect.any(String),
          answer: 200,
        });
      }
      // The variables arrive as written: Devanagari and Gujarati names intact.
      expect((peer.requests.at(-1)?.body as { recipients: Array<{ name: string }> }).recipients[0]?.name).toBe(sosContactSms(language).template.variables.name);
    });
  }

  it('refuses for good a template without a configured id, naming it, and sends nothing', async () => {
    const before = peer.requests.length;
    const noIds = msg91SmsProvider({ authKey: AUTH_KEY, apiUrl: peer.origin, dlt: { ...TEST_DLT, templateIds: {} } });
    await expect(noIds.send(sosContactSms('hi-IN'))).rejects.toMatchObject({
      name: 'SmsGatewayError',
      permanent: true,
      message: 'MSG91: no template id for sosContact.hi-IN in SMS_TEMPLATE_IDS',
    });
    expect(peer.requests.length).toBe(before);
  });

  it('refuses for good on a wrong auth key (401) and on MSG91 saying type "error"', async () => {
    await expect(gateway({ authKey: 'wrong' }).send(loginCodeSms('en-US'))).rejects.toMatchObject({
      permanent: true,
      message: 'MSG91 answered 401 for loginCode.en-US',
    });
    expect(peer.requests.at(-1)?.headers.authkey).toBe('wrong');
    const unknown = msg91SmsProvider({ authKey: AUTH_KEY, apiUrl: peer.origin, dlt: { ...TEST_DLT, templateIds: { 'loginCode.en-US': 'not-registered' } } });
    await expect(unknown.send(loginCodeSms('en-US'))).rejects.toMatchObject({ permanent: true, message: 'MSG91 refused loginCode.en-US: Invalid template id' });
  });

  it('refuses for now on a 5xx, 429 or a hung request', async () => {
    for (const status of [500, 502, 429]) {
      peer.failNext(1, status);
      const error = await gateway()
        .send(loginCodeSms('en-US'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsGatewayError);
      expect(error).toMatchObject({ permanent: false, message: `MSG91 answered ${status} for loginCode.en-US` });
    }
    peer.hangNext();
    const started = performance.now();
    await expect(gateway({ timeoutMs: 200 }).send(loginCodeSms('en-US'))).rejects.toMatchObject({
      permanent: false,
      message: 'MSG91: no answer within 200 ms',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('works again once the peer recovers', async () => {
    peer.failNext(1, 503);
    await expect(gateway().send(loginCodeSms('gu-IN'))).rejects.toMatchObject({ permanent: false });
    await expect(gateway().send(loginCodeSms('gu-IN'))).resolves.toMatchObject({ status: 'queued' });
    expect(peer.requests.slice(-2).map((r) => r.answer)).toEqual([503, 200]);
  });
});
