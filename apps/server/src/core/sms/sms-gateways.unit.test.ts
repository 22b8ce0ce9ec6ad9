import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DLT, loginCodeSms } from '../../../test/sms-messages';
import { startMsg91Peer, startTwilioPeer, type Msg91Peer, type TwilioPeer } from '../../../test/sms-peers';
import { createSmsGateways, type SmsSettings } from './index';

describe('createSmsGateways', () => {
  let twilio: TwilioPeer;
  let msg91: Msg91Peer;
  beforeAll(async () => {
    [twilio, msg91] = await Promise.all([startTwilioPeer({ accountSid: 'AC1', authToken: 'token' }), startMsg91Peer({ authKey: 'key' })]);
  });
  afterAll(() => Promise.all([twilio.close(), msg91.close()]));

  const settings = (): SmsSettings => ({
    gateway: { kind: 'msg91', authKey: 'key', apiUrl: msg91.origin, webhookToken: undefined },
    fallback: { kind: 'twilio', accountSid: 'AC1', authToken: 'token', from: 'SAATHI', messagingServiceSid: undefined, apiUrl: twilio.origin },
    dlt: TEST_DLT,
    timeoutMs: 10_000,
  });

  it('builds the primary and the fallback, each sending to its own service', async () => {
    const gateways = createSmsGateways(settings(), { statusCallbackUrl: 'https://saathi.in/api/sms/status/twilio' });
    expect(gateways.primary.name).toBe('msg91');
    expect(gateways.fallback?.name).toBe('twilio');
    await gateways.primary.send(loginCodeSms('en-US'));
    await gateways.fallback!.send(loginCodeSms('en-US'));
    expect(msg91.requests).toHaveLength(1);
    expect(twilio.requests).toHaveLength(1);
    expect((twilio.requests[0]!.body as Record<string, string>).StatusCallback).toBe('https://saathi.in/api/sms/status/twilio');
  });

  it('has no fallback unless one is configured; the console gateway needs nothing', () => {
    const gateways = createSmsGateways({ ...settings(), gateway: { kind: 'console' }, fallback: null }, { statusCallbackUrl: 'https://saathi.in/x' });
    expect(gateways.primary.name).toBe('console');
    expect(gateways.fallback).toBeNull();
  });

  it('passes the timeout on to every gateway', async () => {
    msg91.hangNext();
    const { primary } = createSmsGateways(settings(), { statusCallbackUrl: 'https://saathi.in/x', timeoutMs: 150 });
    await expect(primary.send(loginCodeSms('en-US'))).rejects.toMatchObject({ permanent: false, message: 'MSG91: no answer within 150 ms' });
  });
});
