export { httpTracing, requestIdOf, traceLogFields, type HttpTracingOptions } from './http-tracing';
export { traceOutboxJob, tracedPushTransport, tracedSmsGateways, tracedSmsProvider, type TracedJob } from './spans';
export { activeTraceCarrier, carrierOf, traceContextJson, contextFromCarrier, formatTraceparent, parseTraceparent, type TraceCarrier } from './trace-context';
export {
  activeTracer,
  inSpan,
  samplerOf,
  startTracing,
  TRACES_SAMPLERS,
  type Tracing,
  type TracingOptions,
  type TracingSettings,
  type TracesSampler,
} from './tracing';
