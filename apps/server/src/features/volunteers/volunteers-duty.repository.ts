import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import { toDateOrNull } from '../../core/db/row-values';

export interface DutyRow {
  onDuty: boolean;
  quietDays: number[] | null;
  quietStartMin: number | null;
  quietEndMin: number | null;
  dutySetAt: Date | null;
  verifiedProfession: string | null;
  verifiedUntil: Date | null;
}

/** A volunteer's recent alert: unanswered once the event is over or the ladder passed them over. */
export interface RecentAlert {
  status: 'notified' | 'accepted' | 'declined';
  settled: boolean;
}

/** How many recent alerts the unanswered-in-a-row count looks at (it asks at three). */
const RECENT_ALERTS = 10;

export function createVolunteersDutyRepository(ref: DbRef) {
  return {
    async find(userId: number): Promise<DutyRow | undefined> {
      const row = await ref.db
        .selectFrom('users')
        .select(['on_duty', 'quiet_days', 'quiet_start_min', 'quiet_end_min', 'duty_set_at', 'verified_profession', 'verified_until'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        onDuty: row.on_duty,
        quietDays: row.quiet_days,
        quietStartMin: row.quiet_start_min,
        quietEndMin: row.quiet_end_min,
        dutySetAt: toDateOrNull(row.duty_set_at),
        verifiedProfession: row.verified_profession,
        verifiedUntil: toDateOrNull(row.verified_until),
      };
    },

    async update(userId: number, input: { onDuty: boolean; quiet?: { days: number[]; startMin: number; endMin: number } | null; now: Date }): Promise<void> {
      await ref.db
        .updateTable('users')
        .set({
          on_duty: input.onDuty,
          duty_set_at: input.now,
          ...(input.quiet === undefined
            ? {}
            : {
                quiet_days: input.quiet?.days ?? null,
                quiet_start_min: input.quiet?.startMin ?? null,
                quiet_end_min: input.quiet?.endMin ?? null,
              }),
        })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * The volunteer's latest real alerts since they last set their duty, newest first
     * (sos_notifications_recipient_idx); practice alerts do not count.
     */
    async recentAlerts(userId: number, since: Date | null): Promise<RecentAlert[]> {
      const rows = await ref.db
        .selectFrom('sos_notifications as n')
        .innerJoin('sos_events as e', 'e.id', 'n.event_id')
        .select(['n.status', sql<boolean>`(e.status <> 'active' OR n.passed_at IS NOT NULL)`.as('settled')])
        .where('n.recipient_user_id', '=', userId)
        .where('n.recipient_kind', '=', 'volunteer')
        .where('e.practice', '=', false)
        .$if(since !== null, (q) => q.where('n.created_at', '>', since as Date))
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(RECENT_ALERTS)
        .execute();
      return rows.map((r) => ({ status: r.status, settled: r.settled }));
    },
  };
}

export type VolunteersDutyRepository = ReturnType<typeof createVolunteersDutyRepository>;
