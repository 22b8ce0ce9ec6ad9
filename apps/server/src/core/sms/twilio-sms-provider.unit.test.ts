import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_TEST_LANGUAGES, formEncoded, loginCodeSms, sosContactSms } from '../../../test/sms-messages';
import { startTwilioPeer, type TwilioPeer } from '../../../test/sms-peers';
import { SmsGatewayError } from './sms-provider';
import { twilioSmsProvider, type TwilioSmsOptions } from './twilio-sms-provider';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const CALLBACK = 'https://saathi.in/api/sms/status/twilio';

describe('Twilio SMS provider', () => {
  let peer: TwilioPeer;
  beforeAll(async () => {
    peer = await startTwilioPeer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  });
  afterAll(() => peer.close());

  const gateway = (options: Partial<TwilioSmsOptions> = {}) =>
    twilioSmsProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: 'SAATHI',
      messagingServiceSid: undefined,
      apiUrl: peer.origin,
      statusCallbackUrl: CALLBACK,
      ...options,
    });

  for (const language of SMS_TEST_LANGUAGES) {
    it(`POSTs a ${language} login code and SOS message as a UTF-8 form, with basic auth`, async () => {
      for (const message of [loginCodeSms(language), sosContactSms(language)]) {
        const accepted = await gateway().send(message);
        expect(accepted).toEqual({ providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
        const request = peer.requests.at(-1)!;
        expect(request).toMatchObject({
          method: 'POST',
          path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
          headers: {
            authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: { To: '+919876543210', Body: message.text, From: 'SAATHI', StatusCallback: CALLBACK },
          answer: 201,
        });
        // Byte for byte: every character of the text as UTF-8, percent-encoded.
        expect(request.raw).toBe(`To=${formEncoded('+919876543210')}&Body=${formEncoded(message.text)}&From=SAATHI&StatusCallback=${formEncoded(CALLBACK)}`);
      }
    });
  }

  it('sends through a messaging service instead of a sender when one is set', async () => {
    await gateway({ from: 'SAATHI', messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' }).send(loginCodeSms('en-US'));
    const body = peer.requests.at(-1)!.body as Record<string, string>;
    expect(body.MessagingServiceSid).toBe('MG0123456789abcdef0123456789abcdef');
    expect(body.From).toBeUndefined();
  });

  it('is sent, not queued, when no receipt will come (no callback URL)', async () => {
    const accepted = await gateway({ statusCallbackUrl: undefined }).send(loginCodeSms('en-US'));
    expect(accepted.status).toBe('sent');
    expect(peer.requests.at(-1)!.body).not.toHaveProperty('StatusCallback');
  });

  it("refuses for good on a wrong auth token, with Twilio's code and words", async () => {
    await expect(gateway({ authToken: 'wrong' }).send(loginCodeSms('en-US'))).rejects.toMatchObject({
      name: 'SmsGatewayError',
      permanent: true,
      message: 'Twilio answered 401 (error 20003: Authenticate)',
    });
  });

  it('refuses for good a message Twilio will not take (400, 404), masking numbers it quotes', async () => {
    await expect(gateway({ from: undefined }).send(loginCodeSms('en-US'))).rejects.toMatchObject({
      permanent: true,
      message: "Twilio answered 400 (error 21603: A 'From' phone number is required.)",
    });
    await expect(gateway({ apiUrl: `${peer.origin}/v1` }).send(loginCodeSms('en-US'))).rejects.toMatchObject({
      permanent: true,
      message: 'Twilio answered 404 (error 20404: The requested resource was not found)',
    });
    const invalid = await gateway()
      .send({ ...loginCodeSms('en-US'), to: '98765' })
      .catch((e: unknown) => e as SmsGatewayError);
    expect(invalid).toMatchObject({ permanent: true, message: "Twilio answered 400 (error 21211: The 'To' number +… is not a valid phone number.)" });
  });

  it('refuses for now on 429 and 5xx, and when Twilio does not answer within timeoutMs', async () => {
    for (const [status, words] of [
      [429, 'error 20429: Too Many Requests'],
      [500, 'error 20500: An internal server error has occurred'],
      [503, 'error 20503: Service unavailable'],
    ] as const) {
      peer.failNext(1, status);
      const error = await gateway()
        .send(loginCodeSms('hi-IN'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsGatewayError);
      expect(error).toMatchObject({ permanent: false, message: `Twilio answered ${status} (${words})` });
    }
    peer.hangNext();
    const started = performance.now();
    await expect(gateway({ timeoutMs: 250 }).send(loginCodeSms('gu-IN'))).rejects.toMatchObject({
      permanent: false,
      message: 'Twilio: no answer within 250 ms',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
