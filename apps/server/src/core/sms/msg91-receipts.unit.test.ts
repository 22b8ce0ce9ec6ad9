import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DLT, loginCodeSms } from '../../../test/sms-messages';
import { startMsg91Peer, type Msg91Peer } from '../../../test/sms-peers';
import { parseMsg91Receipts } from './msg91-receipts';
import { msg91SmsProvider } from './msg91-sms-provider';

/** MSG91's documented sample (webhook v2): the form field `data`, a JSON array in a string. */
const DOCUMENTED_V2 = {
  data: '[{"senderId":"uXXXXm","requestId":"346XXXXXXXXXXXX130","report":[{"date":"2024-05-22 10:06:20","amount":"0.01","clientid":"","INMSID":"0","CRQID":"0","ctCode":"900","number":"9195XXXX6558","credit":"1","status":"1","desc":"DELIVERED","failedReason":""}],"userId":"27XXXX","campaignName":"Sendhttp"}]',
};

/** Its one-report-per-request sample (webhook v3), sent as JSON. */
const DOCUMENTED_V3 = {
  date: '2024-05-22 09:58:16',
  number: '9195XXXX6558',
  senderId: 'uXXXXm',
  amount: '0.01',
  requestId: '346XXXXXXXXXXXX130',
  INMSID: '0',
  CRQID: '0',
  credit: '1',
  userId: '27XXXX',
  campaignName: 'Sendhttp',
  status: '1',
  desc: 'DELIVERED',
};

describe('MSG91 delivery reports', () => {
  it("reads MSG91's documented samples", () => {
    const delivered = [{ providerMessageId: '346XXXXXXXXXXXX130', status: 'delivered', error: null }];
    expect(parseMsg91Receipts(DOCUMENTED_V2)).toEqual(delivered);
    expect(parseMsg91Receipts(DOCUMENTED_V3)).toEqual(delivered);
    expect(parseMsg91Receipts(JSON.parse(DOCUMENTED_V2.data))).toEqual(delivered);
    expect(parseMsg91Receipts({ data: JSON.parse(DOCUMENTED_V2.data) })).toEqual(delivered);
  });

  it('maps every documented code: sent, delivered, undelivered, and the refusals as failed', () => {
    const report = (status: string, extra: Record<string, string> = {}) => ({
      requestId: 'r1',
      report: [{ number: '919876543210', status, desc: 'X', ...extra }],
    });
    const statusOf = (code: string) => parseMsg91Receipts([report(code)])[0]?.status;
    expect(statusOf('1')).toBe('delivered');
    expect(statusOf('8')).toBe('sent');
    expect(statusOf('2')).toBe('undelivered');
    for (const code of ['9', '16', '17', '25', '26']) expect(statusOf(code), code).toBe('failed');
    expect(parseMsg91Receipts([report('2', { desc: 'FAILED', failedReason: 'Absent subscriber' })])).toEqual([
      { providerMessageId: 'r1', status: 'undelivered', error: '2: Absent subscriber' },
    ]);
    expect(parseMsg91Receipts([report('17', { desc: 'Blocked number' })])[0]?.error).toBe('17: Blocked number');
    // Words, as the newer webhooks send them.
    expect(parseMsg91Receipts({ requestId: 'r2', status: 'Delivered' })).toEqual([{ providerMessageId: 'r2', status: 'delivered', error: null }]);
    expect(parseMsg91Receipts({ requestId: 'r2', status: 'Rejected', failureReason: 'DLT template mismatch' })[0]).toMatchObject({
      status: 'failed',
      error: 'rejected: DLT template mismatch',
    });
  });

  it('reads every report of every request in one post', () => {
    const body = {
      data: JSON.stringify([
        { requestId: 'a', report: [{ status: '8' }, { status: '1' }] },
        { requestId: 'b', report: [{ status: '16', desc: 'REJECTED' }] },
      ]),
    };
    expect(parseMsg91Receipts(body).map((r) => `${r.providerMessageId}:${r.status}`)).toEqual(['a:sent', 'a:delivered', 'b:failed']);
  });

  it('gives nothing for junk, never throwing', () => {
    const junk: unknown[] = [
      undefined,
      null,
      '',
      'data=[1]',
      42,
      [],
      {},
      { data: 'not json' },
      { data: '{"requestId":"x"}' },
      { data: '[null, 1, "x", {"report": [{"status": "1"}]}]' },
      { requestId: '', status: '1' },
      { requestId: 'x', status: '99' },
      { requestId: 'x', status: 'constructor' },
      { requestId: 'x', status: '__proto__' },
      { requestId: 'x', report: 'not a list' },
      { requestId: { nested: true }, status: '1' },
      [{ requestId: 'x', report: [null, 7, { status: {} }] }],
    ];
    for (const body of junk) expect(parseMsg91Receipts(body), JSON.stringify(body)).toEqual([]);
    const throwing = {
      get data(): string {
        throw new Error('boom');
      },
    };
    expect(parseMsg91Receipts(throwing)).toEqual([]);
  });

  describe('as the peer posts them', () => {
    let peer: Msg91Peer;
    let receiver: http.Server;
    let webhook = '';
    const posted: Array<{ type: string | undefined; form: Record<string, string> }> = [];

    beforeAll(async () => {
      peer = await startMsg91Peer({ authKey: 'key' });
      receiver = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        req.on('end', () => {
          posted.push({ type: req.headers['content-type'], form: Object.fromEntries(new URLSearchParams(raw)) });
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/sms/status/msg91?token=secret`;
    });
    afterAll(async () => {
      await peer.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });

    it('ties the report of a sent message to its request id', async () => {
      const sent = await msg91SmsProvider({ authKey: 'key', apiUrl: peer.origin, dlt: TEST_DLT }).send(loginCodeSms('hi-IN'));
      const requestId = sent.providerMessageId!;
      expect(
        await peer.sendReport(webhook, [
          { requestId, status: 8 },
          { requestId, status: 1 },
        ]),
      ).toEqual({ status: 200, text: 'ok' });
      const last = posted.at(-1)!;
      expect(last.type).toBe('application/x-www-form-urlencoded');
      expect(JSON.parse(last.form.data!)[0].report[0].number).toBe('919876543210');
      expect(parseMsg91Receipts(last.form)).toEqual([
        { providerMessageId: requestId, status: 'sent', error: null },
        { providerMessageId: requestId, status: 'delivered', error: null },
      ]);
    });
  });
});
