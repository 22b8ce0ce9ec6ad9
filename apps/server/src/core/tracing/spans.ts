import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { PushTransport } from '../push/push-transport';
import type { SmsProvider } from '../sms/sms-provider';
import { contextFromCarrier } from './trace-context';
import { activeTracer, inSpan } from './tracing';

/*
 * The spans of work that leaves the request: outbox jobs, Web Push requests and SMS gateway
 * calls. Their attributes say what kind of work it was and how it ended, never to whom: no
 * phone number, name, message text or push endpoint path (DESIGN.md, privacy), only the
 * push service's host.
 */

/** What the worker knows of a claimed job (core/outbox's ClaimedJob). */
export interface TracedJob {
  id: number;
  topic: string;
  attempts: number;
  /** The stored trace context of whoever enqueued it (outbox.trace_context). */
  traceContext?: unknown;
}

/**
 * Runs one outbox job in a span `outbox <topic>`, a child of the span that enqueued it, so an
 * SOS is one trace from its request through every job it leads to; jobs the handler enqueues
 * carry this span on. `run` resolves false when the job failed (it is retried or dead).
 */
export function traceOutboxJob(job: TracedJob, run: () => Promise<boolean>): Promise<boolean> {
  if (!activeTracer()) return run();
  return inSpan(
    `outbox ${job.topic}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'saathi_outbox',
        'messaging.operation.type': 'process',
        'messaging.destination.name': job.topic,
        'messaging.message.id': String(job.id),
        'saathi.outbox.attempt': job.attempts,
      },
    },
    async (span) => {
      const ok = await run();
      span?.setAttribute('saathi.outcome', ok ? 'done' : 'failed');
      if (!ok) span?.setStatus({ code: SpanStatusCode.ERROR });
      return ok;
    },
    contextFromCarrier(job.traceContext),
  );
}

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return 'invalid';
  }
};

/** A push transport whose every request is a span `push send` (the push service's status, not its URL). */
export function tracedPushTransport(transport: PushTransport): PushTransport {
  return {
    kind: transport.kind,
    send: (request) =>
      inSpan('push send', { kind: SpanKind.CLIENT, attributes: { 'saathi.channel': 'push', 'server.address': hostOf(request.endpoint) } }, async (span) => {
        const response = await transport.send(request);
        if ('status' in response) {
          const { status } = response;
          span?.setAttribute('http.response.status_code', status);
          const outcome = status >= 200 && status < 300 ? 'accepted' : status === 404 || status === 410 ? 'gone' : 'rejected';
          span?.setAttribute('saathi.outcome', outcome);
          if (outcome === 'rejected') span?.setStatus({ code: SpanStatusCode.ERROR });
        } else {
          span?.setAttribute('saathi.outcome', 'error');
          span?.setStatus({ code: SpanStatusCode.ERROR });
        }
        return response;
      }),
    close: () => transport.close(),
  };
}

/** An SMS gateway whose every send is a span `sms send`: the gateway, the template and the outcome. */
export function tracedSmsProvider(provider: SmsProvider): SmsProvider {
  return {
    name: provider.name,
    send: (message) =>
      inSpan(
        'sms send',
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'saathi.channel': 'sms',
            'saathi.sms.provider': provider.name,
            'saathi.sms.template': message.template.name,
            'saathi.sms.language': message.template.language,
          },
        },
        async (span) => {
          try {
            const accepted = await provider.send(message);
            span?.setAttributes({ 'saathi.outcome': 'accepted', 'saathi.sms.status': accepted.status });
            return accepted;
          } catch (error) {
            const permanent = typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
            span?.setAttribute('saathi.outcome', permanent ? 'refused' : 'failed');
            throw error;
          }
        },
      ),
  };
}

/** Both gateways of the SMS dispatch (core/sms's SmsGateways), traced. */
export function tracedSmsGateways(gateways: { primary: SmsProvider; fallback: SmsProvider | null }): { primary: SmsProvider; fallback: SmsProvider | null } {
  return { primary: tracedSmsProvider(gateways.primary), fallback: gateways.fallback ? tracedSmsProvider(gateways.fallback) : null };
}
