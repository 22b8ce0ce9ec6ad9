import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_TEST_LANGUAGES, TEST_DLT, loginCodeSms, sosContactSms } from '../../../test/sms-messages';
import { startHttpSmsPeer } from '../../../test/sms-peers';
import { httpSmsProvider } from './http-sms-provider';
import { SmsGatewayError } from './sms-provider';

describe('http SMS provider', () => {
  let peer: Awaited<ReturnType<typeof startHttpSmsPeer>>;
  beforeAll(async () => {
    peer = await startHttpSmsPeer({ token: 'gateway-token' });
  });
  afterAll(() => peer.close());

  const gateway = (options: { token?: string; timeoutMs?: number } = {}) =>
    httpSmsProvider({ url: peer.url, token: 'token' in options ? options.token : 'gateway-token', dlt: TEST_DLT, timeoutMs: options.timeoutMs });

  for (const language of SMS_TEST_LANGUAGES) {
    it(`POSTs a ${language} login code and SOS message as JSON, with its DLT template and the bearer token`, async () => {
      for (const message of [loginCodeSms(language), sosContactSms(language)]) {
        const accepted = await gateway().send(message);
        expect(accepted).toEqual({ providerMessageId: expect.stringMatching(/^msg-\d+$/), status: 'sent' });
        const key = `${message.template.name}.${language}`;
        expect(peer.requests.at(-1)).toMatchObject({
          method: 'POST',
          path: '/send',
          headers: { authorization: 'Bearer gateway-token', 'content-type': 'application/json' },
          answer: 200,
          body: {
            to: '+919876543210',
            text: message.text,
            template: { name: message.template.name, id: TEST_DLT.templateIds[key], language, variables: message.template.variables },
            entityId: '1201159100000012345',
            sender: 'SAATHI',
          },
        });
      }
    });
  }

  it('sends a null template id and DLT fields when none are configured, and no token when unset', async () => {
    const bare = httpSmsProvider({ url: peer.url, token: undefined, dlt: { entityId: undefined, senderId: undefined, templateIds: {} } });
    await expect(bare.send(loginCodeSms('en-US'))).rejects.toMatchObject({ name: 'SmsGatewayError', permanent: true, message: 'SMS gateway answered 401' });
    const request = peer.requests.at(-1)!;
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toMatchObject({ template: { id: null }, entityId: null, sender: null });
  });

  it('refuses for good on a 4xx, for now on a 5xx, 408 or 429, and never quotes the answer', async () => {
    for (const [status, permanent] of [
      [400, true],
      [404, true],
      [408, false],
      [429, false],
      [500, false],
      [503, false],
    ] as const) {
      peer.failNext(1, status);
      const error = await gateway()
        .send(loginCodeSms('en-US'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsGatewayError);
      expect(error).toMatchObject({ permanent, message: `SMS gateway answered ${status}` });
      // The peer's error page echoes the request, login code included.
      expect(peer.requests.at(-1)?.answer).toBe(status);
      expect((error as Error).message).not.toContain('042917');
    }
  });

  it('gives up on a gateway that does not answer within timeoutMs, for now', async () => {
    peer.hangNext();
    const started = performance.now();
    await expect(gateway({ timeoutMs: 200 }).send(loginCodeSms('en-US'))).rejects.toMatchObject({
      permanent: false,
      message: 'SMS gateway: no answer within 200 ms',
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(peer.requests.at(-1)?.answer).toBe('hung');
  });

  it('counts an unreachable gateway as a temporary refusal', async () => {
    const down = httpSmsProvider({ url: 'http://127.0.0.1:9/send', token: undefined, dlt: TEST_DLT });
    await expect(down.send(loginCodeSms('en-US'))).rejects.toMatchObject({ permanent: false, message: expect.stringMatching(/^SMS gateway: unreachable \(/) });
  });
});
