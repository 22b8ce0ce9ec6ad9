import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseTraceparent } from './trace-context';
import { activeTracer, startTracing, type Tracing, type TracingSettings } from './tracing';

/** An `x-request-id` a proxy (or client) sent is kept when it is this short and plain; else one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the request's `x-request-id` when it is a plain token of at most 64
 * characters (a proxy's id then joins its logs to ours), else a random UUID. Every log line of
 * the request carries it as `reqId`, and the response echoes it.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * pino's `mixin`: `trace_id` and `span_id` of the active span on every log line written inside
 * a traced request or outbox job. pino merges the line's own fields into what it returns, so
 * with nothing to add it returns those fields themselves: with tracing off a log line costs one
 * comparison more, and no allocation.
 */
export function traceLogFields(fields: object): object {
  if (!activeTracer()) return fields;
  const span = trace.getActiveSpan();
  if (!span) return fields;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export interface HttpTracingOptions {
  /** From config (OTEL_*); null leaves tracing off and only the request id is echoed. */
  settings: TracingSettings | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The tracing SDK while it is on (tests flush it), else null. */
    tracing: Tracing | null;
  }
}

/**
 * Starts tracing for the app (when configured) and makes each request a server span named after
 * its route (`POST /api/sos`), a child of the caller's `traceparent` when one came. The span is
 * made active for the hooks and the handler, so the work they do (queries, outbox jobs, log
 * lines) joins it. Registered first, before any plugin that adds hooks.
 *
 * Fastify keeps the context through its reading of the body (an AsyncResource per request) and
 * on to onResponse; onResponse enters it again all the same, since the request's log line
 * (plugins/app/request-log.ts) must carry the trace id however the response ended.
 *
 * Attributes: method, route template and status; not the path (it may carry a token) nor the
 * client's address. (Stable HTTP semantic conventions, written out here so that a server with
 * tracing off loads nothing of the SDK.)
 */
async function httpTracingPlugin(app: FastifyInstance, options: HttpTracingOptions): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const tracing = options.settings ? await startTracing(options.settings, { log: app.log }) : null;
  app.decorate('tracing', tracing);
  if (!tracing) return;
  app.addHook('onClose', async () => tracing.shutdown());

  const spans = new WeakMap<FastifyRequest, { span: Span; context: Context }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const tracer = activeTracer();
    if (!tracer) return done();
    const remote = parseTraceparent(request.headers.traceparent, request.headers.tracestate);
    const parent = remote ? trace.setSpanContext(ROOT_CONTEXT, remote) : ROOT_CONTEXT;
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}), 'saathi.request_id': request.id },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    spans.set(request, { span, context: active });
    context.with(active, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const traced = spans.get(request);
    if (!traced) return done();
    spans.delete(request);
    traced.span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
    traced.span.end();
    context.with(traced.context, done);
  });
  app.addHook('onRequestAbort', (request, done) => {
    const traced = spans.get(request);
    spans.delete(request);
    traced?.span.setAttribute('saathi.outcome', 'aborted');
    traced?.span.end();
    done();
  });
}

export const httpTracing = fp(httpTracingPlugin, { name: 'http-tracing' });
