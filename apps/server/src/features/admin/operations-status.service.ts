import type { HealthChecks, OperationsStatus } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import type { DeliveryCounter } from '../../core/metrics';
import type { OutboxRepository } from '../../core/outbox';
import type { OperationsStatusRepository } from './operations-status.repository';

const WINDOW_MINUTES = 60;
/** The SOS objective: the first step of a fan-out out within 2 s (deploy/README.md, "Monitoring"). */
export const FIRST_STEP_OBJECTIVE_MS = 2000;

export interface OperationsStatusDeps {
  status: OperationsStatusRepository;
  outbox: Pick<OutboxRepository, 'stats'>;
  /** This process's counts are written first, so the screen includes what it just did. */
  deliveryCounts: Pick<DeliveryCounter, 'flush'>;
  readiness: () => Promise<HealthChecks>;
  clock: Clock;
}

export function createOperationsStatusService({ status, outbox, deliveryCounts, readiness, clock }: OperationsStatusDeps) {
  return {
    async status(): Promise<OperationsStatus> {
      await deliveryCounts.flush();
      const now = clock();
      const since = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
      const [ready, counts, firstStep, queue, deliveries] = await Promise.all([
        readiness(),
        status.sosCounts(since),
        status.firstStep(since, FIRST_STEP_OBJECTIVE_MS),
        outbox.stats(now),
        status.deliveries(since),
      ]);
      const tally = () => ({ ok: 0, failed: 0, expired: 0, refused: 0 });
      const byChannel = { push: tally(), sms: tally(), inapp: tally() };
      for (const d of deliveries) byChannel[d.channel][d.outcome] += d.count;
      return {
        generatedAt: now.toISOString(),
        windowMinutes: WINDOW_MINUTES,
        ready,
        sos: { ...counts, firstStep: { ...firstStep, objectiveMs: FIRST_STEP_OBJECTIVE_MS } },
        outbox: { ...queue, lagSeconds: Math.round(queue.lagSeconds * 10) / 10 },
        deliveries: byChannel,
      };
    },
  };
}

export type OperationsStatusService = ReturnType<typeof createOperationsStatusService>;
