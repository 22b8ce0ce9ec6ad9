import type { OperationsStatus } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { failureShare, statusVerdict } from './status-verdict';

const tally = (ok = 0, failed = 0, expired = 0, refused = 0) => ({ ok, failed, expired, refused });

/** A quiet, healthy hour; each test changes what it is about. */
function healthy(): OperationsStatus {
  return {
    generatedAt: '2026-03-12T09:30:00.000Z',
    windowMinutes: 60,
    ready: { database: 'ok', migrations: 'ok', redis: 'ok', outbox: 'ok' },
    sos: { raised: 3, active: 1, firstStep: { measured: 3, p50Ms: 400, p95Ms: 900, withinObjective: 3, objectiveMs: 2000 } },
    outbox: { due: 2, running: 1, failed: 0, lagSeconds: 1.5 },
    deliveries: { push: tally(120, 2, 8, 1), sms: tally(40, 1, 0, 0), inapp: tally(200) },
  };
}

describe('statusVerdict', () => {
  it('is all good for a healthy hour, and for an hour with nothing at all', () => {
    expect(statusVerdict(healthy())).toEqual({ allGood: true, reasons: [] });
    const quiet = healthy();
    quiet.sos = { raised: 0, active: 0, firstStep: { measured: 0, p50Ms: null, p95Ms: null, withinObjective: 0, objectiveMs: 2000 } };
    quiet.outbox = { due: 0, running: 0, failed: 0, lagSeconds: 0 };
    quiet.deliveries = { push: tally(), sms: tally(), inapp: tally() };
    expect(statusVerdict(quiet).allGood).toBe(true);
  });

  it('names every readiness check that is not ok, in the screen’s order; Redis left out is fine', () => {
    const status = healthy();
    status.ready = { database: 'failed', migrations: 'pending', redis: 'failed', outbox: 'stopped' };
    expect(statusVerdict(status)).toEqual({
      allGood: false,
      reasons: [
        { kind: 'check', check: 'database', state: 'failed' },
        { kind: 'check', check: 'migrations', state: 'pending' },
        { kind: 'check', check: 'redis', state: 'failed' },
        { kind: 'check', check: 'outbox', state: 'stopped' },
      ],
    });
    status.ready = { database: 'ok', migrations: 'ok', redis: 'not_configured', outbox: 'ok' };
    expect(statusVerdict(status).allGood).toBe(true);
  });

  it('flags a delivery queue more than 30 s behind, not one at 30 s', () => {
    const status = healthy();
    status.outbox.lagSeconds = 30;
    expect(statusVerdict(status).allGood).toBe(true);
    status.outbox.lagSeconds = 30.1;
    expect(statusVerdict(status).reasons).toEqual([{ kind: 'lag', lagSeconds: 30.1, limitSeconds: 30 }]);
  });

  it('flags a first-step p95 above the objective, not one at it', () => {
    const status = healthy();
    status.sos.firstStep.p95Ms = 2000;
    expect(statusVerdict(status).allGood).toBe(true);
    status.sos.firstStep.p95Ms = 2600;
    expect(statusVerdict(status).reasons).toEqual([{ kind: 'firstStep', p95Ms: 2600, objectiveMs: 2000 }]);
  });

  it('flags push or SMS above 5 % failed or refused; expired pushes are not failures', () => {
    const status = healthy();
    // 5 of 100 is 5 %: not above.
    status.deliveries.push = tally(90, 3, 5, 2);
    expect(statusVerdict(status).allGood).toBe(true);
    // Many expired, few failed: churn, not trouble.
    status.deliveries.push = tally(50, 1, 49, 0);
    expect(statusVerdict(status).allGood).toBe(true);
    status.deliveries.push = tally(90, 4, 4, 2);
    status.deliveries.sms = tally(12, 0, 0, 3);
    expect(statusVerdict(status).reasons).toEqual([
      { kind: 'failures', channel: 'push', failed: 6, sent: 100, ratio: 0.06 },
      { kind: 'failures', channel: 'sms', failed: 3, sent: 15, ratio: 0.2 },
    ]);
  });

  it('does not judge a channel on fewer than 10 sent', () => {
    const status = healthy();
    status.deliveries.sms = tally(5, 4, 0, 0);
    status.deliveries.push = tally(0, 0, 0, 9);
    expect(statusVerdict(status).allGood).toBe(true);
    status.deliveries.sms = tally(6, 4, 0, 0);
    expect(statusVerdict(status).reasons).toEqual([{ kind: 'failures', channel: 'sms', failed: 4, sent: 10, ratio: 0.4 }]);
  });

  it('never judges in-app notices', () => {
    const status = healthy();
    status.deliveries.inapp = tally(0, 100, 0, 0);
    expect(statusVerdict(status).allGood).toBe(true);
  });

  it('lists every reason at once', () => {
    const status = healthy();
    status.ready.outbox = 'stopped';
    status.outbox.lagSeconds = 95;
    status.sos.firstStep.p95Ms = 3100;
    status.deliveries.sms = tally(10, 5, 0, 5);
    expect(statusVerdict(status).reasons.map((reason) => reason.kind)).toEqual(['check', 'lag', 'firstStep', 'failures']);
  });
});

describe('failureShare', () => {
  it('counts failed and refused against everything handled, and has no ratio for nothing sent', () => {
    expect(failureShare(tally(7, 1, 1, 1))).toEqual({ failed: 2, sent: 10, ratio: 0.2 });
    expect(failureShare(tally())).toEqual({ failed: 0, sent: 0, ratio: null });
  });
});
