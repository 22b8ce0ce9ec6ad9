import { INDIA_OFFSET_MS, IT_RULES_DEADLINES, type QueueDeadlines } from '@saathi/shared';

const HOUR_MS = 3_600_000;

/** An instant as India wall-clock text, 'YYYY-MM-DD HH:mm:ss' (IST, whatever TZ the process runs in). */
export function indiaWallClock(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The IT Rules 2021 clock of a queue item, from its oldest open report. The item leaves the
 * queue when a moderator decides, which also acknowledges it, so an item still in the queue
 * past 24 hours is overdue for acknowledgement. Intimate images must come down within 24 hours.
 */
export function queueDeadlines(reportedAt: Date, intimateImage: boolean, now: Date): QueueDeadlines {
  const acknowledgeBy = new Date(reportedAt.getTime() + IT_RULES_DEADLINES.acknowledgeHours * HOUR_MS);
  const resolveHours = intimateImage ? IT_RULES_DEADLINES.intimateImageHours : IT_RULES_DEADLINES.resolveDays * 24;
  const resolveBy = new Date(reportedAt.getTime() + resolveHours * HOUR_MS);
  return {
    reportedAt: reportedAt.toISOString(),
    acknowledgeBy: indiaWallClock(acknowledgeBy),
    resolveBy: indiaWallClock(resolveBy),
    acknowledgeOverdue: now.getTime() > acknowledgeBy.getTime(),
    resolveOverdue: now.getTime() > resolveBy.getTime(),
    ageHours: Math.max(0, Math.floor((now.getTime() - reportedAt.getTime()) / HOUR_MS)),
  };
}
