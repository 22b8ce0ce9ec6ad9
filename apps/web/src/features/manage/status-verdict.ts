import type { OperationsStatus } from '@saathi/shared';

/** The delivery queue is behind when its oldest due job has waited longer than this. */
export const LAG_LIMIT_SECONDS = 30;
/** A channel needs attention above this share of failures (failed and refused)... */
export const FAILURE_RATIO_LIMIT = 0.05;
/** ...once at least this many were sent: two failures of three are not a trend. */
export const FAILURE_MIN_SENT = 10;

type Ready = OperationsStatus['ready'];
type Tally = OperationsStatus['deliveries']['push'];

/** A readiness check and the state it is in. */
export type ReadinessCheck = keyof Ready;
/** The channels whose failures are judged (in-app notices are only written to the database). */
export type JudgedChannel = 'push' | 'sms';

/** One reason the service needs attention, with the figures that say so. */
export type AttentionReason =
  | { kind: 'check'; check: ReadinessCheck; state: Ready[ReadinessCheck] }
  | { kind: 'lag'; lagSeconds: number; limitSeconds: number }
  | { kind: 'firstStep'; p95Ms: number; objectiveMs: number }
  | { kind: 'failures'; channel: JudgedChannel; failed: number; sent: number; ratio: number };

export interface StatusVerdict {
  /** Nothing to look into: every check ok, the queue current, the fan-out in time, deliveries going out. */
  allGood: boolean;
  reasons: AttentionReason[];
}

/** The checks in the order the screen lists them. */
export const READINESS_CHECKS: readonly ReadinessCheck[] = ['database', 'migrations', 'redis', 'outbox'];

/** Whether a check's state is fine: Redis may be left out of a deployment of one process. */
export function checkIsFine(check: ReadinessCheck, state: Ready[ReadinessCheck]): boolean {
  return state === 'ok' || (check === 'redis' && state === 'not_configured');
}

export interface FailureShare {
  /** Failed and refused; an expired push (an uninstalled app) is normal churn, not a failure. */
  failed: number;
  /** Everything the channel handled: ok, failed, expired and refused. */
  sent: number;
  /** failed / sent, or null when nothing was sent. */
  ratio: number | null;
}

export function failureShare(tally: Tally): FailureShare {
  const failed = tally.failed + tally.refused;
  const sent = tally.ok + tally.failed + tally.expired + tally.refused;
  return { failed, sent, ratio: sent > 0 ? failed / sent : null };
}

/**
 * "All good" or "Needs attention", with every reason: a readiness check not ok, the queue more
 * than 30 s behind, the fan-out's first step slower than its objective at p95, or more than 5 %
 * of push or SMS failing (with at least 10 sent).
 */
export function statusVerdict(status: OperationsStatus): StatusVerdict {
  const reasons: AttentionReason[] = [];
  for (const check of READINESS_CHECKS) {
    const state = status.ready[check];
    if (!checkIsFine(check, state)) reasons.push({ kind: 'check', check, state });
  }
  if (status.outbox.lagSeconds > LAG_LIMIT_SECONDS) reasons.push({ kind: 'lag', lagSeconds: status.outbox.lagSeconds, limitSeconds: LAG_LIMIT_SECONDS });
  const { p95Ms, objectiveMs } = status.sos.firstStep;
  if (p95Ms !== null && p95Ms > objectiveMs) reasons.push({ kind: 'firstStep', p95Ms, objectiveMs });
  for (const channel of ['push', 'sms'] as const) {
    const { failed, sent, ratio } = failureShare(status.deliveries[channel]);
    if (ratio !== null && sent >= FAILURE_MIN_SENT && ratio > FAILURE_RATIO_LIMIT) reasons.push({ kind: 'failures', channel, failed, sent, ratio });
  }
  return { allGood: reasons.length === 0, reasons };
}
