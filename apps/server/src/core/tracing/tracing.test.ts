import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { takeConsoleErrors } from '../../../test/console';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../../test/otlp-receiver';
import { startPushPeer, type PushPeer } from '../../../test/push-peer';
import { addContact, freshPlace, makeVolunteer, offset, subscribePush } from '../../../test/sos-fixtures';

// Started before the app, which is pointed at the receiver; closed after it (its close flushes).
const peers = {} as { receiver: OtlpReceiver; push: PushPeer };
beforeAll(async () => {
  peers.receiver = await startOtlpReceiver();
  peers.push = await startPushPeer();
});
afterAll(async () => {
  await peers.receiver?.close();
  await peers.push?.close();
});

const t = build(() => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: peers.receiver.origin,
  OTEL_SERVICE_NAME: 'saathi-test',
  // Info lines reach console.error (test/build.ts): each test takes them with logLines().
  LOG_LEVEL: 'info',
  SOS_ESCALATION_SECONDS: '30',
  PUBLIC_URL: 'https://saathi.example',
}));

let origin = '';
beforeAll(async () => {
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** POSTs JSON to the listening app, sending the body 50 ms after the headers. */
function postSlowly(path: string, headers: Record<string, string>, body: object): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.flushHeaders();
    setTimeout(() => req.end(text), 50);
  });
}

/** The JSON log lines the app wrote during this test. */
function logLines(): Array<Record<string, unknown>> {
  return takeConsoleErrors().flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** The spans exported so far. */
async function exported(): Promise<ReceivedSpan[]> {
  await t.app.tracing?.flush();
  return peers.receiver.spans;
}

describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('follows an SOS in one trace, from its request through the outbox to each push and SMS, naming nobody', async () => {
    const here = freshPlace();
    const victim = await t.factory.user({ name: 'Meera Shah' });
    await addContact(t, victim.id, { name: 'Papa Shah', phoneNumber: '9822000001' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 200), name: 'Asha Verma' });
    const subscription = await subscribePush(t, peers.push, volunteer.id);
    // The first try of the SMS fails: its retry is an outbox job of its own, still in the SOS's trace.
    t.sms.failNext(1);

    // Over a real socket, the body a moment after the headers (a slow phone network): it then
    // arrives in stream events, which run outside the request's context.
    const res = await postSlowly(
      '/api/sos',
      { ...bearer(await t.loginAs(victim)), 'x-request-id': 'sos-trace-1' },
      { ...here, threat: 'medical', contactsOnly: false },
    );
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe('sos-trace-1');
    await t.app.outbox.drain();
    t.clock.advance(5_000); // past the SMS retry's backoff (1 s ± 20 %)
    await t.app.outbox.drain();
    expect(t.sms.messages.filter((m) => m.to === '9822000001')).toHaveLength(1);
    expect(peers.push.received.filter((p) => p.subscriptionId === subscription)).toHaveLength(1);

    const spans = await exported();
    const server = spans.find((s) => s.name === 'POST /api/sos' && s.attributes['saathi.request_id'] === 'sos-trace-1');
    expect(server).toMatchObject({
      kind: 2,
      parentSpanId: '',
      attributes: { 'http.request.method': 'POST', 'http.route': '/api/sos', 'http.response.status_code': 201 },
      resource: { 'service.name': 'saathi-test', 'deployment.environment.name': 'test' },
    });
    const trace = spans.filter((s) => s.traceId === server?.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const parentOf = (s: ReceivedSpan | undefined) => (s ? byId.get(s.parentSpanId) : undefined);
    const descendsFromRequest = (s: ReceivedSpan) => {
      for (let at: ReceivedSpan | undefined = s, depth = 0; at && depth < 20; at = parentOf(at), depth += 1) if (at === server) return true;
      return false;
    };
    for (const s of trace) expect(descendsFromRequest(s), s.name).toBe(true);

    // request → fan-out job → delivery job → push (and SMS) → the SMS's retry job → its second try.
    const fanout = trace.filter((s) => s.name === 'outbox sos.fanout');
    expect(fanout).toHaveLength(1);
    expect(fanout[0]).toMatchObject({
      kind: 5,
      parentSpanId: server?.spanId,
      attributes: { 'messaging.destination.name': 'sos.fanout', 'saathi.outcome': 'done' },
    });
    const deliveries = trace.filter((s) => s.name === 'outbox sos.deliver');
    expect(deliveries.length).toBeGreaterThanOrEqual(1);
    for (const d of deliveries) expect(d.parentSpanId).toBe(fanout[0]?.spanId);

    const pushes = trace.filter((s) => s.name === 'push send');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      kind: 3,
      attributes: { 'saathi.channel': 'push', 'saathi.outcome': 'accepted', 'http.response.status_code': 201, 'server.address': '127.0.0.1' },
    });
    expect(parentOf(pushes[0])?.name).toBe('outbox sos.deliver');

    const sms = trace.filter((s) => s.name === 'sms send');
    expect(sms.map((s) => s.attributes)).toEqual([
      expect.objectContaining({ 'saathi.channel': 'sms', 'saathi.sms.provider': 'recording', 'saathi.sms.template': 'sosContact', 'saathi.outcome': 'failed' }),
      expect.objectContaining({ 'saathi.channel': 'sms', 'saathi.sms.template': 'sosContact', 'saathi.outcome': 'accepted', 'saathi.sms.status': 'sent' }),
    ]);
    expect(parentOf(sms[0])?.name).toBe('outbox sos.deliver');
    const retry = parentOf(sms[1]);
    expect(retry?.name).toBe('outbox sms.send');
    expect(parentOf(retry)?.name).toBe('outbox sos.deliver');

    // No phone number, name, link token or push endpoint in any span (DESIGN.md, privacy).
    const everything = JSON.stringify(trace);
    for (const personal of ['9822000001', victim.phoneNumber, 'Meera', 'Shah', 'Papa', 'Asha', subscription, 'saathi.example/t/']) {
      expect(everything).not.toContain(personal);
    }

    // Log lines carry the request id and the trace: the request's own line, and a job's warning.
    const lines = logLines();
    const requestLine = lines.find((l) => l.msg === 'request' && l.reqId === 'sos-trace-1');
    expect(requestLine).toMatchObject({ path: '/api/sos', status: 201, trace_id: server?.traceId, span_id: server?.spanId });
    const smsWarning = lines.find((l) => l.msg === 'SMS not sent; the outbox retries it');
    expect(smsWarning?.trace_id).toBe(server?.traceId);
    expect(deliveries.map((d) => d.spanId)).toContain(smsWarning?.span_id);
  });

  it("continues a caller's trace (traceparent), and makes a plain request id of its own when the given one is not plain", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': 'bad id\n{"level":60}' },
    });
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const server = (await exported()).find((s) => s.attributes['saathi.request_id'] === requestId);
    expect(server).toMatchObject({ name: 'GET /api/health', traceId, parentSpanId: parentId, kind: 2 });
    expect(logLines().find((l) => l.msg === 'request' && l.reqId === requestId)?.trace_id).toBe(traceId);

    // A route nobody has is still a span, named by its method only (not its path).
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/secret-token' });
    expect(missing.statusCode).toBe(404);
    const notFound = (await exported()).find((s) => s.attributes['saathi.request_id'] === missing.headers['x-request-id']);
    expect(notFound).toMatchObject({ name: 'GET', attributes: { 'http.response.status_code': 404 } });
    expect(JSON.stringify(notFound)).not.toContain('secret-token');
    logLines();
  });
});
