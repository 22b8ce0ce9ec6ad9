import { INDIA_OFFSET_MS, IT_RULES_DEADLINES, type QueueDeadlines } from '@saathi/shared';

const HOUR_MS = 3_600_000;

/** An instant as India wall-clock text, 'YYYY-MM-DD HH:mm:ss' (IST, whatever TZ the process runs in). */
export function indiaWallClock(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The IT Rules 2021 clock of a queue item. Each complaint is acknowledged within 24 hours: the
 * acknowledgement clock runs from the oldest open report nobody has acknowledged
 * (`unacknowledgedAt`, null once a moderator acknowledged them all, which stops the overdue
 * mark). Resolution runs from the oldest open report: 15 days, and 24 hours for an intimate
 * image shared without consent. A decision closes the reports, taking the item off the queue.
 */
export function queueDeadlines(reports: { reportedAt: Date; unacknowledgedAt: Date | null }, intimateImage: boolean, now: Date): QueueDeadlines {
  const acknowledgeBy = new Date((reports.unacknowledgedAt ?? reports.reportedAt).getTime() + IT_RULES_DEADLINES.acknowledgeHours * HOUR_MS);
  const resolveHours = intimateImage ? IT_RULES_DEADLINES.intimateImageHours : IT_RULES_DEADLINES.resolveDays * 24;
  const resolveBy = new Date(reports.reportedAt.getTime() + resolveHours * HOUR_MS);
  return {
    reportedAt: reports.reportedAt.toISOString(),
    acknowledgeBy: indiaWallClock(acknowledgeBy),
    resolveBy: indiaWallClock(resolveBy),
    acknowledgeOverdue: reports.unacknowledgedAt !== null && now.getTime() > acknowledgeBy.getTime(),
    resolveOverdue: now.getTime() > resolveBy.getTime(),
    ageHours: Math.max(0, Math.floor((now.getTime() - reports.reportedAt.getTime()) / HOUR_MS)),
  };
}
