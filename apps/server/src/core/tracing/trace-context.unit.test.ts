import { context, ROOT_CONTEXT, trace, TraceFlags, type SpanContext } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { activeTraceCarrier, carrierOf, contextFromCarrier, formatTraceparent, parseTraceparent, traceContextJson } from './trace-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('writes version 00 with the sampled flag only', () => {
    expect(formatTraceparent({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED })).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
    expect(formatTraceparent({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.NONE })).toBe(`00-${TRACE_ID}-${SPAN_ID}-00`);
    // Unknown flag bits are not passed on.
    expect(formatTraceparent({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: 0xff })).toBe(`00-${TRACE_ID}-${SPAN_ID}-01`);
  });

  it('reads what it writes, as a remote parent, with its tracestate', () => {
    const parsed = parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-01`, 'vendor=abc,other=1');
    expect(parsed).toMatchObject({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED, isRemote: true });
    expect(parsed?.traceState?.get('vendor')).toBe('abc');
    expect(carrierOf(parsed as SpanContext)).toEqual({ traceparent: `00-${TRACE_ID}-${SPAN_ID}-01`, tracestate: 'vendor=abc,other=1' });
    expect(carrierOf({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: 0 })).toEqual({ traceparent: `00-${TRACE_ID}-${SPAN_ID}-00` });
  });

  it('accepts a later version with more fields, and refuses anything malformed', () => {
    expect(parseTraceparent(`01-${TRACE_ID}-${SPAN_ID}-01-whatever`)?.traceId).toBe(TRACE_ID);
    for (const bad of [
      undefined,
      42,
      '',
      `00-${TRACE_ID}-${SPAN_ID}-01-extra`,
      `ff-${TRACE_ID}-${SPAN_ID}-01`,
      `00-${'0'.repeat(32)}-${SPAN_ID}-01`,
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`,
      `00-${TRACE_ID.toUpperCase()}-${SPAN_ID}-01`,
      `00-${TRACE_ID}-${SPAN_ID}`,
      `00-${TRACE_ID}x-${SPAN_ID}-01`,
      `00-${TRACE_ID}-${SPAN_ID}-01${'x'.repeat(300)}`,
    ]) {
      expect(parseTraceparent(bad), String(bad)).toBeUndefined();
    }
    // An oversized tracestate is dropped, the parent kept.
    const withHugeState = parseTraceparent(`00-${TRACE_ID}-${SPAN_ID}-01`, `a=${'b'.repeat(600)}`);
    expect(withHugeState?.traceId).toBe(TRACE_ID);
    expect(withHugeState?.traceState).toBeUndefined();
  });
});

describe('the trace context an outbox row keeps', () => {
  it('is null outside any span (tracing off): the row is written with SQL NULL', () => {
    expect(activeTraceCarrier()).toBeNull();
    expect(traceContextJson()).toBeNull();
  });

  it('gives the stored span as the parent of the job, or the root context', () => {
    const stored = { traceparent: `00-${TRACE_ID}-${SPAN_ID}-01` };
    const parent = trace.getSpanContext(contextFromCarrier(JSON.parse(JSON.stringify(stored))));
    expect(parent).toMatchObject({ traceId: TRACE_ID, spanId: SPAN_ID, isRemote: true, traceFlags: TraceFlags.SAMPLED });
    for (const nothing of [null, undefined, 'text', {}, { traceparent: 'junk' }]) expect(contextFromCarrier(nothing)).toBe(ROOT_CONTEXT);
  });

  it('round-trips through the active context', () => {
    const spanContext: SpanContext = { traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED };
    // Without a context manager (tracing off) `with` does not activate anything, so read it directly.
    const ctx = trace.setSpanContext(ROOT_CONTEXT, spanContext);
    const span = trace.getSpan(ctx);
    expect(span && carrierOf(span.spanContext())).toEqual({ traceparent: `00-${TRACE_ID}-${SPAN_ID}-01` });
    expect(context.active()).toBe(ROOT_CONTEXT);
  });
});
