import { context, diag, DiagLogLevel, SpanStatusCode, trace, type Context, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';
import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace-node';

/** OTEL_TRACES_SAMPLER's values (the OpenTelemetry environment specification). */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

/** What config.ts reads from the OTEL_* variables; tracing is off when the config holds none. */
export interface TracingSettings {
  /** Where spans are posted: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`. */
  endpoint: string;
  /** OTEL_SERVICE_NAME (`saathi`). */
  serviceName: string;
  /** NODE_ENV, as `deployment.environment.name`. */
  environment: string;
  sampler: TracesSampler;
  /** OTEL_TRACES_SAMPLER_ARG: the share of traces kept by the ratio samplers. */
  samplerRatio: number;
}

export interface Tracing {
  /** Exports the spans ended so far (tests). */
  flush(): Promise<void>;
  /** Exports what is left and turns tracing off for the process. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** Where diagnostics of the SDK go (an unreachable collector, dropped spans). */
  log: { warn(obj: object, msg: string): void };
  /** Instead of OTLP over HTTP (tests). */
  exporter?: SpanExporter;
}

/** Set while tracing is on: every span helper checks it first, so tracing off costs one comparison. */
let tracer: Tracer | undefined;

/** The tracer, or undefined when tracing is off. */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

type SdkModule = typeof import('@opentelemetry/sdk-trace-node');

export function samplerOf(sdk: SdkModule, kind: TracesSampler, ratio: number): Sampler {
  const { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler } = sdk;
  switch (kind) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/**
 * Starts the SDK: a tracer provider exporting in batches over OTLP/HTTP (JSON), the
 * AsyncLocalStorage context manager that carries the active span across awaits, and the SDK's
 * diagnostics sent to the app's log. One process traces one app; a second start is refused.
 * OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT and _COMPRESSION (and their _TRACES_ forms) and
 * OTEL_BSP_* are read by the exporter and the batch processor themselves.
 *
 * The SDK's modules are imported here, not at the top: with tracing off the server never loads
 * them (they are external to the esbuild bundle, so the import stays lazy there too).
 */
export async function startTracing(settings: TracingSettings, options: TracingOptions): Promise<Tracing> {
  if (tracer) throw new Error('tracing is already on in this process');
  const [sdk, { OTLPTraceExporter }, { detectResources, envDetector, resourceFromAttributes }, { ATTR_SERVICE_NAME }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  if (tracer) throw new Error('tracing is already on in this process');
  const warn = (message: string, ...args: unknown[]) => options.log.warn({ detail: args.map(String).join(' ') || undefined }, `tracing: ${message}`);
  diag.setLogger(
    { error: warn, warn, info: () => undefined, debug: () => undefined, verbose: () => undefined },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
  // OTEL_RESOURCE_ATTRIBUTES first, so the service name and environment set here win.
  const resource = detectResources({ detectors: [envDetector] }).merge(
    resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName, 'deployment.environment.name': settings.environment }),
  );
  const provider = new sdk.NodeTracerProvider({
    resource,
    sampler: samplerOf(sdk, settings.sampler, settings.samplerRatio),
    spanProcessors: [new sdk.BatchSpanProcessor(options.exporter ?? new OTLPTraceExporter({ url: settings.endpoint }))],
  });
  // No global propagator: the HTTP hooks and the outbox read and write traceparent themselves.
  provider.register({ propagator: null });
  tracer = provider.getTracer('saathi');
  let stopped = false;
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      if (stopped) return;
      stopped = true;
      try {
        await provider.shutdown();
      } finally {
        tracer = undefined;
        trace.disable();
        context.disable();
        diag.disable();
      }
    },
  };
}

/**
 * Runs `fn` in a new active span (a child of `parent`, else of the active span), ending it when
 * `fn` settles; a throw marks it failed. With tracing off it only calls `fn`.
 */
export async function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span | undefined) => Promise<T>, parent?: Context): Promise<T> {
  const active = tracer;
  if (!active) return fn(undefined);
  return active.startActiveSpan(name, options, parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      // The kind of error only: messages may quote a phone number or a gateway's answer.
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}
