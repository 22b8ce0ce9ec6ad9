import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as OTLP/HTTP JSON carries it, its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
  /** The resource's attributes (service.name...). */
  resource: Record<string, unknown>;
}

/**
 * A local stand-in for an OpenTelemetry collector: it takes OTLP/HTTP JSON on POST /v1/traces
 * (gzipped or not) and keeps every span, as a collector on port 4318 would receive them.
 */
export interface OtlpReceiver {
  origin: string;
  spans: ReceivedSpan[];
  /** Export requests received, whatever they held. */
  readonly requests: number;
  close(): Promise<void>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values?: OtlpValue[] } };
type OtlpAttribute = { key: string; value: OtlpValue };

const valueOf = (v: OtlpValue): unknown =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? v.arrayValue?.values?.map(valueOf)));
const attributesOf = (list: OtlpAttribute[] | undefined) => Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
        res.writeHead(415).end();
        return;
      }
      requests += 1;
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')) as {
        resourceSpans?: Array<{ resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: Array<{ spans?: Array<Record<string, unknown>> }> }>;
      };
      for (const rs of body.resourceSpans ?? []) {
        const resource = attributesOf(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            spans.push({
              traceId: String(s.traceId),
              spanId: String(s.spanId),
              parentSpanId: typeof s.parentSpanId === 'string' ? s.parentSpanId : '',
              name: String(s.name),
              kind: Number(s.kind),
              attributes: attributesOf(s.attributes as OtlpAttribute[] | undefined),
              status: Number((s.status as { code?: number } | undefined)?.code ?? 0),
              resource,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    spans,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
