import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BusyError } from '../../core/errors';
import type { Metrics } from '../../core/metrics';
import { priorityOf } from './route-priority';

/** When the reads that can wait are shed (SHED_* in config.ts); 0 turns a measure off. */
export interface ShedSettings {
  /** Mean event-loop delay over the last sample, in ms. */
  eventLoopDelayMs: number;
  /** Queries waiting for a connection of the read pool. */
  dbWaiting: number;
  /** Heap used, in percent of V8's heap limit. */
  heapUsedPercent: number;
  retryAfterSeconds: number;
}

/** What the process's load looks like now. */
export interface PressureReading {
  /** Mean event-loop delay over the last sample, in ms. */
  eventLoopDelayMs: number;
  /** Queries waiting for a connection of the read pool (or the embedded database's read queue). */
  dbWaiting: number;
  /** Heap used, in percent of V8's heap limit. */
  heapUsedPercent: number;
}

export type PressureKind = keyof PressureReading;

/**
 * Which measure, if any, says the process is overloaded: the first at or over its threshold.
 * A threshold of 0 is off.
 */
export function pressureOf(
  reading: PressureReading,
  limits: Pick<ShedSettings, 'eventLoopDelayMs' | 'dbWaiting' | 'heapUsedPercent'>,
): PressureKind | undefined {
  if (limits.dbWaiting > 0 && reading.dbWaiting >= limits.dbWaiting) return 'dbWaiting';
  if (limits.eventLoopDelayMs > 0 && reading.eventLoopDelayMs >= limits.eventLoopDelayMs) return 'eventLoopDelayMs';
  if (limits.heapUsedPercent > 0 && reading.heapUsedPercent >= limits.heapUsedPercent) return 'heapUsedPercent';
  return undefined;
}

export interface PressureMonitor {
  reading(): PressureReading;
  close(): void;
}

const SAMPLE_MS = 500;
/** The histogram's resolution: its own timer's lateness below this is noise. */
const RESOLUTION_MS = 10;

/**
 * Measures the process the way @fastify/under-pressure does: the event loop's mean delay over
 * each sample (perf_hooks' histogram, reset every sample) and the heap, sampled every half
 * second; the read pool's waiting queue is read live at each request.
 */
export function createPressureMonitor(dbWaiting: () => number, sampleMs = SAMPLE_MS): PressureMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  let eventLoopDelayMs = 0;
  let heapUsedPercent = 0;
  const sample = () => {
    const mean = histogram.mean / 1e6;
    eventLoopDelayMs = Number.isFinite(mean) ? Math.max(0, mean - RESOLUTION_MS) : 0;
    histogram.reset();
    heapUsedPercent = (process.memoryUsage().heapUsed / heapLimit) * 100;
  };
  sample();
  const timer = setInterval(sample, sampleMs);
  timer.unref();
  return {
    reading: () => ({ eventLoopDelayMs, dbWaiting: dbWaiting(), heapUsedPercent }),
    close() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

export interface LoadSheddingOptions {
  settings: ShedSettings;
  /** Queries waiting for a read connection (the SOS pool's queue is not the reads' business). */
  dbWaiting: () => number;
  metrics: Pick<Metrics, 'shed'>;
}

/**
 * Admission control (docs/adr/0022): while the process is overloaded, a read whose contract
 * `priority` is `deferrable` (feed, news, leaderboard, reels, volunteers nearby) answers 503
 * `busy` with Retry-After at once instead of queueing behind the work in hand. Nothing else is
 * ever shed: SOS, sign-in, the safety timer, tracking and every write go through. Runs before
 * the auth hook, so a shed read costs no session lookup.
 */
async function loadSheddingPlugin(app: FastifyInstance, { settings, dbWaiting, metrics }: LoadSheddingOptions): Promise<void> {
  const monitor = createPressureMonitor(dbWaiting);
  app.addHook('onClose', async () => monitor.close());
  app.addHook('onRequest', async (request) => {
    if (priorityOf(request) !== 'deferrable') return;
    if (pressureOf(monitor.reading(), settings) === undefined) return;
    metrics.shed(request.routeOptions.url ?? 'unmatched');
    throw new BusyError(settings.retryAfterSeconds);
  });
}

export const loadShedding = fp(loadSheddingPlugin, { name: 'load-shedding' });
