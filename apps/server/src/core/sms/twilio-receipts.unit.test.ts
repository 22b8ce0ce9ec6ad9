import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sosContactSms } from '../../../test/sms-messages';
import { startTwilioPeer, type TwilioPeer } from '../../../test/sms-peers';
import { parseTwilioReceipt, twilioSignature, verifyTwilioSignature } from './twilio-receipts';
import { twilioSmsProvider } from './twilio-sms-provider';

/**
 * The worked example of Twilio's request validation, as its own helper libraries test it
 * (twilio-php RequestValidatorTest, twilio-csharp RequestValidatorTest; twilio-node 6.3.1's
 * getExpectedTwilioSignature gives the same).
 */
const VECTOR = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' },
  signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
};

describe('Twilio request signature', () => {
  it("matches Twilio's documented example", () => {
    expect(twilioSignature(VECTOR.authToken, VECTOR.url, VECTOR.params)).toBe(VECTOR.signature);
    expect(verifyTwilioSignature(VECTOR)).toBe(true);
  });

  it('does not depend on the order the parameters came in', () => {
    const shuffled = Object.fromEntries(Object.entries(VECTOR.params).reverse());
    expect(verifyTwilioSignature({ ...VECTOR, params: shuffled })).toBe(true);
  });

  it('refuses a signature for anything else: token, URL, a parameter, one added, none given', () => {
    expect(verifyTwilioSignature({ ...VECTOR, authToken: '12346' })).toBe(false);
    expect(verifyTwilioSignature({ ...VECTOR, url: 'https://mycompany.com/myapp.php?foo=1&bar=3' })).toBe(false);
    expect(verifyTwilioSignature({ ...VECTOR, params: { ...VECTOR.params, Digits: '9999' } })).toBe(false);
    expect(verifyTwilioSignature({ ...VECTOR, params: { ...VECTOR.params, Extra: '' } })).toBe(false);
    for (const signature of [undefined, '', 'FAIL', `${VECTOR.signature}=`, VECTOR.signature.toLowerCase(), 'ल'.repeat(28)]) {
      expect(verifyTwilioSignature({ ...VECTOR, signature }), String(signature)).toBe(false);
    }
  });
});

describe('Twilio status callbacks', () => {
  it('maps every outbound status', () => {
    const statusOf = (MessageStatus: string) => parseTwilioReceipt({ MessageSid: 'SM1', MessageStatus })?.status ?? null;
    expect(['accepted', 'scheduled', 'queued', 'sending'].map(statusOf)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(statusOf('sent')).toBe('sent');
    expect(statusOf('delivered')).toBe('delivered');
    expect(statusOf('read')).toBe('delivered');
    expect(statusOf('partially_delivered')).toBe('sent');
    expect(statusOf('undelivered')).toBe('undelivered');
    expect(statusOf('failed')).toBe('failed');
    expect(statusOf('canceled')).toBe('failed');
    expect(statusOf('received')).toBeNull();
    expect(statusOf('nonsense')).toBeNull();
  });

  it('keeps the error code, and reads the older Sms* names', () => {
    expect(parseTwilioReceipt({ MessageSid: 'SM1', MessageStatus: 'undelivered', ErrorCode: '30003' })).toEqual({
      providerMessageId: 'SM1',
      status: 'undelivered',
      error: '30003',
    });
    expect(parseTwilioReceipt({ SmsSid: 'SM2', SmsStatus: 'delivered', ErrorCode: '' })).toEqual({
      providerMessageId: 'SM2',
      status: 'delivered',
      error: null,
    });
  });

  it('is no receipt without a sid or a status', () => {
    expect(parseTwilioReceipt({})).toBeNull();
    expect(parseTwilioReceipt({ MessageStatus: 'delivered' })).toBeNull();
    expect(parseTwilioReceipt({ MessageSid: ' ', MessageStatus: 'delivered' })).toBeNull();
    expect(parseTwilioReceipt({ MessageSid: 'SM1', MessageStatus: 'constructor' })).toBeNull();
  });

  describe('as the peer posts them', () => {
    const authToken = 'peer-auth-token';
    let peer: TwilioPeer;
    let receiver: http.Server;
    let callbackUrl = '';
    const posted: Array<{ signature: string | undefined; params: Record<string, string> }> = [];

    beforeAll(async () => {
      peer = await startTwilioPeer({ accountSid: 'AC0123', authToken });
      receiver = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        req.on('end', () => {
          posted.push({ signature: req.headers['x-twilio-signature'] as string | undefined, params: Object.fromEntries(new URLSearchParams(raw)) });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/sms/status/twilio`;
    });
    afterAll(async () => {
      await peer.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });

    it('signs a receipt for a sent message that verifies, and reads as a receipt', async () => {
      const twilio = twilioSmsProvider({
        accountSid: 'AC0123',
        authToken,
        from: 'SAATHI',
        messagingServiceSid: undefined,
        apiUrl: peer.origin,
        statusCallbackUrl: callbackUrl,
      });
      const { providerMessageId } = await twilio.send(sosContactSms('hi-IN'));
      const answer = await peer.sendStatus(callbackUrl, { MessageSid: providerMessageId!, MessageStatus: 'undelivered', ErrorCode: '30005' });
      expect(answer.status).toBe(204);
      const { signature, params } = posted.at(-1)!;
      expect(params).toMatchObject({
        MessageSid: providerMessageId,
        MessageStatus: 'undelivered',
        ErrorCode: '30005',
        To: '+919876543210',
        From: 'SAATHI',
        AccountSid: 'AC0123',
      });
      expect(verifyTwilioSignature({ authToken, url: callbackUrl, params, signature })).toBe(true);
      expect(verifyTwilioSignature({ authToken: 'another', url: callbackUrl, params, signature })).toBe(false);
      expect(verifyTwilioSignature({ authToken, url: `${callbackUrl}?x=1`, params, signature })).toBe(false);
      expect(parseTwilioReceipt(params)).toEqual({ providerMessageId, status: 'undelivered', error: '30005' });
    });
  });
});
