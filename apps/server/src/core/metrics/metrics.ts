import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryChannel, DeliveryOutcome } from '../db/tables/operations';

export type { DeliveryChannel, DeliveryOutcome };

/** What the scrape asks the app for at the moment it is read (each is cheap: one small query or a field). */
export interface MetricsProbes {
  outbox(): Promise<{ due: number; running: number; failed: number; lagSeconds: number }>;
  /** Queries waiting for a connection, per pool: the read pool and the SOS path's (docs/adr/0022). */
  dbPoolWaiting(): { read: number; sos: number };
  ready(): Promise<boolean>;
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The process's own figures, read by Prometheus on the metrics listener (never the public
 * port). Every label takes a bounded set of values: a route's pattern, never its path; a
 * channel and an outcome, never a recipient. deploy/README.md ("Monitoring") says what each one means.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let probes: MetricsProbes | undefined;

  const sosRaised = new Counter({ name: 'saathi_sos_raised_total', help: 'SOS alerts raised (practice alerts not counted).', registers });
  const sosFanout = new Histogram({
    name: 'saathi_sos_fanout_duration_seconds',
    help: 'From an SOS raised to the last push of a radius step accepted by the push services; step 1 is the contacts and the first radius.',
    labelNames: ['step'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
    registers,
  });
  const sosAccepted = new Histogram({
    name: 'saathi_sos_accepted_seconds',
    help: 'From an SOS raised to the first volunteer or contact who said they are coming.',
    buckets: [5, 15, 30, 60, 120, 300, 600, 1800],
    registers,
  });
  const notifications = new Counter({
    name: 'saathi_notifications_total',
    help: 'Messages handed to a channel: ok (accepted), failed (try again), expired (the subscription is gone), refused (never deliverable).',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'saathi_outbox_jobs',
    help: 'Jobs of the delivery queue (all processes): due now, running under a lease, failed for good.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      if (!probes) return;
      const figures = await probes.outbox().catch(() => undefined);
      if (!figures) return;
      this.set({ state: 'due' }, figures.due);
      this.set({ state: 'running' }, figures.running);
      this.set({ state: 'failed' }, figures.failed);
      outboxLag.set(figures.lagSeconds);
    },
  });
  const outboxLag = new Gauge({ name: 'saathi_outbox_lag_seconds', help: 'Age of the oldest job that is due and not taken (0 when none).', registers });
  const outboxLateness = new Histogram({
    name: 'saathi_outbox_job_lateness_seconds',
    help: 'From the time a job was due to its first try, by kind of work.',
    labelNames: ['topic'] as const,
    buckets: [0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  });
  const timerLateness = new Histogram({
    name: 'saathi_safety_timer_lateness_seconds',
    help: "From a safety timer's stage being due to its work starting.",
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  });
  const alertLateness = new Histogram({
    name: 'saathi_local_alert_lateness_seconds',
    help: "From a local alert's delivery being due to its work starting.",
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  });
  const liveStreams = new Gauge({ name: 'saathi_live_streams', help: 'Open live event streams (/api/events) in this process.', registers });
  const httpDuration = new Histogram({
    name: 'saathi_http_request_duration_seconds',
    help: 'Requests by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  new Gauge({
    name: 'saathi_db_pool_waiting',
    help: "Queries waiting for a free database connection in this process, by pool: read (everything else) or sos (the SOS path's own).",
    labelNames: ['pool'] as const,
    registers,
    collect() {
      const waiting = probes?.dbPoolWaiting() ?? { read: 0, sos: 0 };
      this.set({ pool: 'read' }, waiting.read);
      this.set({ pool: 'sos' }, waiting.sos);
    },
  });
  const shed = new Counter({
    name: 'saathi_http_shed_total',
    help: 'Reads that can wait answered 503 busy at once because the process was overloaded, by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });
  new Gauge({
    name: 'saathi_ready',
    help: '1 when this process passes its readiness checks (GET /api/health/ready), else 0.',
    registers,
    async collect() {
      this.set(probes ? ((await probes.ready().catch(() => false)) ? 1 : 0) : 0);
    },
  });

  return {
    registry,
    /** Connects the figures read at scrape time (the database is opened after the metrics). */
    watch(p: MetricsProbes): void {
      probes = p;
    },
    sosRaised: (count = 1) => {
      if (count > 0) sosRaised.inc(count);
    },
    /** `step` counts from 1, as people say it: the first step is the contacts and the first radius. */
    sosFanoutStep: (step: number, seconds: number) => sosFanout.observe({ step: String(step) }, seconds),
    sosAccepted: (seconds: number) => sosAccepted.observe(seconds),
    delivered: (channel: DeliveryChannel, outcome: DeliveryOutcome, count = 1) => {
      if (count > 0) notifications.inc({ channel, outcome }, count);
    },
    outboxJobStarted(topic: string, latenessSeconds: number) {
      const seconds = Math.max(0, latenessSeconds);
      outboxLateness.observe({ topic }, seconds);
      if (topic.startsWith('safety_timer.')) timerLateness.observe(seconds);
      else if (topic.startsWith('alerts.')) alertLateness.observe(seconds);
    },
    /** A read answered 503 `busy` instead of waiting its turn (plugins/app/load-shedding.ts). */
    shed: (route: string) => shed.inc({ route }),
    /** Returns the function that counts the stream closed (call it once). */
    liveStreamOpened(): () => void {
      liveStreams.inc();
      let open = true;
      return () => {
        if (open) liveStreams.dec();
        open = false;
      };
    },
    httpRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      httpDuration.observe(
        {
          method: HTTP_METHODS.has(method) ? method : 'OTHER',
          // No route matched (a 404 or a refused method): one label, whatever the path was.
          route: route ?? 'unmatched',
          status_class: `${Math.min(5, Math.max(1, Math.floor(statusCode / 100)))}xx`,
        },
        seconds,
      );
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

let processRegistry: Registry | undefined;

/**
 * Node's and the process's own figures (CPU, memory, event-loop delay, GC), collected once per
 * process whatever number of apps it builds (tests build many), and served with each app's.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The text Prometheus reads: the app's figures and the process's. */
export async function metricsText(metrics: Pick<Metrics, 'registry'>): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([metrics.registry, processMetrics()]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
