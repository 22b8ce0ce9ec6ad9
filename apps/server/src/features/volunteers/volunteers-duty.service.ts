import { inQuietHours, RESPONDER_LIMITS, type Duty, type DutyBody, type QuietHours, type ResponderProfession } from '@saathi/shared';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { NotFoundError } from '../../core/errors';
import type { DutyRow, RecentAlert, VolunteersDutyRepository } from './volunteers-duty.repository';

const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

function quietOf(row: DutyRow): QuietHours | null {
  if (!row.quietDays || row.quietStartMin === null || row.quietEndMin === null) return null;
  return { days: [...row.quietDays].sort(), start: clockText(row.quietStartMin), end: clockText(row.quietEndMin) };
}

/** Alerts in a row left unanswered, newest first; one still open (event active, not passed over) is not counted yet. */
export function unansweredInARow(alerts: readonly RecentAlert[]): number {
  let count = 0;
  for (const alert of alerts) {
    if (alert.status !== 'notified') break;
    if (alert.settled) count += 1;
  }
  return count;
}

/** On and off duty, weekly quiet hours: off-duty volunteers and those in their quiet hours are never alerted (the fan-out's SQL). */
export function createVolunteersDutyService({ duty, clock }: { duty: VolunteersDutyRepository; clock: Clock }) {
  async function read(userId: number): Promise<Duty> {
    const row = await duty.find(userId);
    if (!row) throw new NotFoundError('User not found', 'user_not_found');
    const now = clock();
    const quiet = quietOf(row);
    const unanswered = unansweredInARow(await duty.recentAlerts(userId, row.dutySetAt));
    const verified = row.verifiedProfession && row.verifiedUntil && row.verifiedUntil > now;
    return {
      onDuty: row.onDuty,
      quietHours: quiet,
      quietNow: inQuietHours(quiet, now),
      unansweredInARow: unanswered,
      suggestOffDuty: row.onDuty && unanswered >= RESPONDER_LIMITS.unansweredBeforePrompt,
      verified: verified ? { profession: row.verifiedProfession as ResponderProfession, until: (row.verifiedUntil as Date).toISOString() } : null,
    };
  }

  return {
    read,
    /** Setting the duty (either way) also answers the "go off duty?" question: the count starts again. */
    async update(userId: number, body: z.output<typeof DutyBody>): Promise<Duty> {
      const q = body.quietHours;
      const quiet = q === undefined || q === null ? q : { days: [...new Set(q.days)], startMin: minutesOf(q.start), endMin: minutesOf(q.end) };
      await duty.update(userId, { onDuty: body.onDuty, quiet, now: clock() });
      return read(userId);
    },
  };
}

export type VolunteersDutyService = ReturnType<typeof createVolunteersDutyService>;
