import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { takeConsoleErrors } from '../../../test/console';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/otlp-receiver';
import { addContact, freshPlace, makeVolunteer, offset } from '../../../test/sos-fixtures';

const peers = {} as { receiver: OtlpReceiver };
beforeAll(async () => {
  peers.receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await peers.receiver?.close();
});

// An endpoint is named, but OTEL_TRACES_EXPORTER=none wins: tracing stays off.
const t = build(() => ({ OTEL_EXPORTER_OTLP_ENDPOINT: peers.receiver.origin, OTEL_TRACES_EXPORTER: 'none', LOG_LEVEL: 'info' }));

function logLines(): Array<Record<string, unknown>> {
  return takeConsoleErrors().flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe('tracing off (the default)', () => {
  it('exports nothing and stores no trace context, while every log line of a request still has its request id', async () => {
    expect(t.config.tracing).toBeNull();
    expect(t.app.tracing).toBeNull();
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Meera Shah' });
    await addContact(t, victim.id, { name: 'Papa Shah', phoneNumber: '9822000002' });
    await makeVolunteer(t, { at: offset(here, 200) });
    t.sms.failNext(1);

    const res = await t.app.inject({ method: 'POST', url: '/api/sos', headers: bearer(await t.loginAs(victim)), payload: { ...here, threat: 'medical' } });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.drain();

    expect(peers.receiver.requests).toBe(0);
    const rows = await t.db.selectFrom('outbox').select(['topic', 'trace_context']).execute();
    expect(rows.map((r) => r.topic)).toEqual(expect.arrayContaining(['sos.fanout', 'sos.deliver', 'sms.send']));
    expect(rows.every((r) => r.trace_context === null)).toBe(true);

    // A request id is made (a UUID), echoed, and on the request's line; no trace fields anywhere.
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const lines = logLines();
    expect(lines.find((l) => l.msg === 'request' && l.path === '/api/sos')).toMatchObject({ reqId: requestId, status: 201 });
    expect(lines.some((l) => l.msg === 'SMS not sent; the outbox retries it')).toBe(true);
    expect(lines.filter((l) => 'trace_id' in l || 'span_id' in l)).toEqual([]);
  });

  it("keeps a caller's plain x-request-id", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'edge-7f3a:42' } });
    expect(res.headers['x-request-id']).toBe('edge-7f3a:42');
    expect(logLines().find((l) => l.msg === 'request')?.reqId).toBe('edge-7f3a:42');
  });
});
