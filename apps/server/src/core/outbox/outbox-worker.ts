import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import { traceOutboxJob } from '../tracing';
import type { ClaimedJob, OutboxRepository } from './outbox.repository';

export interface JobContext {
  job: ClaimedJob;
  now: Date;
}

export type OutboxHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

/** Thrown by a handler for work that can never succeed: the row goes straight to 'dead'. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface OutboxWorkerOptions {
  repository: OutboxRepository;
  handlers: Record<string, OutboxHandler>;
  clock: Clock;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often to look for work nobody announced (restart, retries, escalation due later). */
  pollMs: number;
  batchSize?: number;
  /** How long a claim holds without renewal; a crashed worker's rows return after this. */
  leaseMs?: number;
  /** Free all leases on start (embedded database: no other worker can be alive). */
  releaseLeasesOnStart?: () => boolean;
  /**
   * Rounds that may run side by side. A round waits for all of its jobs, so a job stuck on a
   * slow push service would otherwise hold back an SOS enqueued after it; a kick starts a
   * new round beside the running ones (SKIP LOCKED and the leases keep them apart).
   */
  maxConcurrentRounds?: number;
  /** How long stop() lets the jobs in hand finish before it cuts them short and gives them back. */
  stopGraceMs?: number;
  /**
   * Cuts the work in hand short at a stop (the push transport ends its requests in flight), so
   * that each unfinished job fails fast and goes back to the queue for another process.
   */
  abortInFlight?: () => Promise<void>;
  /** Told, for each job's first try, how late it started (seconds after it was due). */
  onJobStarted?: (topic: string, latenessSeconds: number) => void;
  /** Finished work is deleted while the worker runs (see OUTBOX_RETENTION); `false` keeps it all. */
  retention?: OutboxRetention | false;
}

export interface OutboxRetention {
  /** How often to look for finished work to forget. */
  everyMs: number;
  /** How long a delivered job is kept (what happened lately stays readable). */
  keepDeliveredMs: number;
  /** How long a job that failed for good is kept (the status screen counts the last day's). */
  keepDeadMs: number;
}

/**
 * Every delivered job would stay forever otherwise: a few rows for each SOS, timer stage, SMS
 * and news alert, day after day. A week of delivered work and a month of failures are kept;
 * the records that matter (SOS events, notifications, SMS) live in their own tables.
 */
export const OUTBOX_RETENTION: OutboxRetention = { everyMs: 10 * 60_000, keepDeliveredMs: 7 * 24 * 3600_000, keepDeadMs: 30 * 24 * 3600_000 };
const PRUNE_BATCH = 1000;
/** At most this many batches per pass: a backlog goes over several passes, not in one long burst. */
const PRUNE_BATCHES_PER_PASS = 50;

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** 1 s, 2 s, 4 s … capped at 5 min, with ±20 % jitter so retries of many rows spread out. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface OutboxWorker {
  readonly id: string;
  start(): void;
  /**
   * start(), unless start() or stop() was called already: the app starts its worker once the
   * database is warm, and a stop() that came first (a test driving its own workers) must hold.
   */
  startUnlessTold(): void;
  /** Started and claiming work (the readiness check asks): false before start() and after stop(). */
  readonly running: boolean;
  /**
   * Stops claiming and lets the work in hand finish for a short grace; what is still running
   * then is cut short and given back to the queue at once (not after its lease), for another
   * process to take.
   */
  stop(): Promise<void>;
  /** Something was enqueued: look now instead of at the next poll. */
  kick(): void;
  /** Processes due work until none is left (tests; also useful before a clean shutdown). */
  drain(): Promise<void>;
  /** One pass of forgetting finished work now (it also runs on its own while the worker runs). */
  prune(): Promise<void>;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { repository, handlers, clock, log, pollMs } = options;
  const batchSize = options.batchSize ?? 32;
  const leaseMs = options.leaseMs ?? 15_000;
  const maxRounds = Math.max(1, options.maxConcurrentRounds ?? 4);
  const stopGraceMs = options.stopGraceMs ?? 2000;
  const id = `${process.pid}-${randomBytes(3).toString('hex')}`;
  let running = false;
  /** start() or stop() was called: startUnlessTold() leaves the worker as it was told. */
  let told = false;
  /** Leases of a stopped process are freed before the first claim (see start). */
  let ready = false;
  let starting: Promise<void> | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  /** Someone asked for a round while all slots were busy: start one when a slot frees. */
  let wanted = false;
  /** Every round in flight, the loop's and drain()'s. */
  const inFlight = new Set<Promise<number>>();
  let loopRounds = 0;
  /** Set when stop() cut the work in hand short: a job that fails now goes back, uncounted. */
  let givingBack = false;
  const retention = options.retention === undefined ? OUTBOX_RETENTION : options.retention;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<void> = Promise.resolve();

  /** One pass of forgetting finished work, in small batches (each a short statement). */
  async function prunePass(): Promise<void> {
    if (!retention) return;
    const now = clock().getTime();
    let pruned = 0;
    for (let batch = 0; batch < PRUNE_BATCHES_PER_PASS; batch++) {
      const deleted = await repository.prune(new Date(now - retention.keepDeliveredMs), new Date(now - retention.keepDeadMs), PRUNE_BATCH);
      pruned += deleted;
      if (deleted < PRUNE_BATCH) break;
    }
    if (pruned > 0) log.info({ pruned }, 'outbox: finished work forgotten');
  }

  function prune(): Promise<void> {
    pruning = pruning.then(prunePass).catch((error: unknown) => log.warn({ reason: String(error) }, 'outbox: pruning failed; the next pass tries again'));
    return pruning;
  }

  async function runJob(job: ClaimedJob): Promise<boolean> {
    const handler = handlers[job.topic];
    const now = clock();
    if (job.attempts === 1) options.onJobStarted?.(job.topic, (now.getTime() - job.dueAt.getTime()) / 1000);
    try {
      if (!handler) throw new PermanentJobError(`no handler for topic ${job.topic}`);
      await handler(job.payload, { job, now });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (givingBack) {
        await repository.release([job.id], id);
        log.info({ jobId: job.id, topic: job.topic }, 'outbox job given back at shutdown');
        return false;
      }
      const dead = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryAt = dead ? null : new Date(clock().getTime() + backoffMs(job.attempts));
      await repository.fail(job.id, message, retryAt);
      if (dead) log.error({ jobId: job.id, topic: job.topic, attempts: job.attempts, reason: message }, 'outbox job gave up');
      else log.warn({ jobId: job.id, topic: job.topic, attempts: job.attempts, reason: message, retryAt }, 'outbox job will be retried');
      return false;
    }
  }

  async function round(): Promise<number> {
    const now = clock();
    const jobs = await repository.claim(now, new Date(now.getTime() + leaseMs), id, batchSize);
    if (jobs.length === 0) return 0;
    // Renew the lease while handlers run (a push service may be slow), so the rows are not
    // handed to another worker while this one is alive.
    const heartbeat = setInterval(
      () => {
        repository
          .extendLease(
            jobs.map((j) => j.id),
            id,
            new Date(clock().getTime() + leaseMs),
          )
          .catch((error: unknown) => log.warn({ reason: String(error) }, 'outbox lease renewal failed'));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    let results: Array<{ job: ClaimedJob; ok: boolean }>;
    try {
      results = await Promise.all(jobs.map(async (job) => ({ job, ok: await traceOutboxJob(job, () => runJob(job)) })));
    } finally {
      clearInterval(heartbeat);
    }
    await repository.complete(
      results.filter((r) => r.ok).map((r) => r.job.id),
      clock(),
    );
    return jobs.length;
  }

  /** Registers a round as in flight (stop and drain wait for it); the returned promise may reject. */
  function track(): Promise<number> {
    const work = round();
    const settled = work.catch(() => 0);
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return work;
  }

  function armPoll(): void {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = setTimeout(() => {
      pollTimer = undefined;
      launch();
    }, pollMs);
  }

  /** Starts a round of the loop now if a slot is free, else as soon as one frees. */
  function launch(): void {
    if (!running) return;
    if (!ready || loopRounds >= maxRounds) {
      wanted = true;
      return;
    }
    wanted = false;
    loopRounds += 1;
    void track()
      .catch((error: unknown) => {
        // The database may be briefly unavailable; the next poll tries again.
        log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'outbox round failed');
        return 0;
      })
      .then((claimed) => {
        loopRounds -= 1;
        if (!running) return;
        // Finished work often enqueues more (fan-out → deliveries): look again at once.
        if (claimed > 0 || wanted) launch();
        else if (loopRounds === 0) armPoll();
      });
  }

  async function settle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  return {
    id,
    get running() {
      return ready;
    },
    startUnlessTold() {
      if (!told) this.start();
    },
    start() {
      told = true;
      if (running) return;
      running = true;
      starting = (async () => {
        if (options.releaseLeasesOnStart?.()) {
          const released = await repository.releaseAllLeases().catch(() => 0);
          if (released > 0) log.info({ released }, 'outbox: resumed work a stopped process had claimed');
        }
        if (!running) return;
        ready = true;
        launch();
        if (retention) {
          void prune();
          pruneTimer = setInterval(() => void prune(), retention.everyMs);
          pruneTimer.unref();
        }
      })();
    },
    async stop() {
      told = true;
      running = false;
      ready = false;
      wanted = false;
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = undefined;
      if (pruneTimer) clearInterval(pruneTimer);
      pruneTimer = undefined;
      await starting;
      await pruning;
      const finished = settle().then(() => true);
      const graceOver = new Promise<false>((resolve) => setTimeout(() => resolve(false), stopGraceMs).unref());
      if (!(await Promise.race([finished, graceOver]))) {
        givingBack = true;
        await options.abortInFlight?.().catch((error: unknown) => log.warn({ reason: String(error) }, 'outbox: the work in hand could not be cut short'));
      }
      await settle();
    },
    kick() {
      launch();
    },
    async prune() {
      await prune();
    },
    async drain() {
      for (let i = 0; i < 1000; i++) {
        // Rounds the loop has in flight finish first, so "nothing due" means nothing left.
        await settle();
        const claimed = await track();
        await settle();
        if (claimed === 0 && inFlight.size === 0 && (await repository.countDue(clock())) === 0) return;
      }
      throw new Error('the outbox did not drain in 1000 rounds');
    },
  };
}
