import { createTraceState, isValidSpanId, isValidTraceId, ROOT_CONTEXT, trace, TraceFlags, type Context, type SpanContext } from '@opentelemetry/api';

/** The W3C Trace Context headers of a span (https://www.w3.org/TR/trace-context/), as the outbox keeps them. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/** `version-traceid-parentid-flags`; a later version may add fields after a dash. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
/** The spec's limit (32 members of at most 256 characters, yet 512 in all is what it asks to keep). */
const MAX_TRACESTATE = 512;

/** `00-<trace id>-<span id>-<flags>` of a span context. */
export function formatTraceparent(spanContext: SpanContext): string {
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/**
 * The remote span context a `traceparent` (and `tracestate`) header names, or undefined when
 * the value is not one: unknown layout, version ff, all-zero ids, or (version 00) extra fields.
 */
export function parseTraceparent(traceparent: unknown, tracestate?: unknown): SpanContext | undefined {
  if (typeof traceparent !== 'string' || traceparent.length > 256) return undefined;
  const match = TRACEPARENT.exec(traceparent.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (!isValidTraceId(traceId) || !isValidSpanId(spanId)) return undefined;
  const state = typeof tracestate === 'string' && tracestate.length > 0 && tracestate.length <= MAX_TRACESTATE ? createTraceState(tracestate) : undefined;
  return { traceId, spanId, traceFlags: parseInt(flags, 16) & TraceFlags.SAMPLED, isRemote: true, ...(state ? { traceState: state } : {}) };
}

/** The carrier of a span context, with its tracestate when it has one. */
export function carrierOf(spanContext: SpanContext): TraceCarrier {
  const tracestate = spanContext.traceState?.serialize();
  return { traceparent: formatTraceparent(spanContext), ...(tracestate ? { tracestate } : {}) };
}

/**
 * The trace context to store with work done later (an outbox job): that of the active span, or
 * null when there is none (tracing off, or outside any traced request or job). With tracing off
 * this is one lookup on the no-op context manager.
 */
export function activeTraceCarrier(): TraceCarrier | null {
  const span = trace.getActiveSpan();
  if (!span) return null;
  const spanContext = span.spanContext();
  return isValidTraceId(spanContext.traceId) && isValidSpanId(spanContext.spanId) ? carrierOf(spanContext) : null;
}

/** activeTraceCarrier() as the JSON an outbox row keeps in `trace_context`, or null (SQL NULL). */
export function traceContextJson(): string | null {
  const carrier = activeTraceCarrier();
  return carrier ? JSON.stringify(carrier) : null;
}

/**
 * A context whose parent is the stored span, for the work it asked for; the root context when
 * nothing (or nothing valid) was stored, so the work starts a trace of its own instead of
 * joining whatever happens to be active.
 */
export function contextFromCarrier(carrier: unknown): Context {
  if (!carrier || typeof carrier !== 'object') return ROOT_CONTEXT;
  const { traceparent, tracestate } = carrier as Record<string, unknown>;
  const spanContext = parseTraceparent(traceparent, tracestate);
  return spanContext ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : ROOT_CONTEXT;
}
