import type { ScoreReason } from '../../core/db/tables/scores';
import type { LedgerRow, NetAward, ScoreFacts } from './scores.repository';

/** Leaderboard points per kind of award (SCORE_*). */
export type ScorePoints = Record<ScoreReason, number>;

/** One thing that should stand awarded now: who earns, why and for what. */
export interface Award {
  userId: number;
  reason: ScoreReason;
  sourceId: string;
}

/** A referral counts once the person verified their phone, completed the profile and came back on a second day. */
export const ACTIVE_DAYS_FOR_A_REFERRAL = 2;

export function referralCounts(facts: ScoreFacts): boolean {
  return facts.referrerId !== null && facts.isVerified && facts.profileCompleted && facts.activeDays.length >= ACTIVE_DAYS_FOR_A_REFERRAL;
}

/**
 * Everything the user's own state earns, for them and for whoever referred them. Places are
 * counted, not named (`location:1`, `location:2`...): saving the same places again, or removing
 * one and adding another, leaves the awards as they are.
 */
export function awardsAbout(facts: ScoreFacts): Award[] {
  const { userId } = facts;
  const awards: Award[] = [
    ...facts.activeDays.map((day) => ({ userId, reason: 'active_day' as const, sourceId: day })),
    ...numbered(facts.volunteerPlaces).map((n) => ({ userId, reason: 'volunteer_location' as const, sourceId: `location:${n}` })),
  ];
  if (facts.referrerId !== null && referralCounts(facts)) {
    const referrer = facts.referrerId;
    const about = `user:${userId}`;
    awards.push(
      { userId: referrer, reason: 'referral', sourceId: about },
      ...numbered(facts.personalPlaces).map((n) => ({ userId: referrer, reason: 'referral_location' as const, sourceId: `${about}:location:${n}` })),
      ...facts.activeDays.map((day) => ({ userId: referrer, reason: 'referral_active_day' as const, sourceId: `${about}:${day}` })),
    );
  }
  return awards;
}

/**
 * The ledger rows that bring the net awards about a user to exactly `wanted`: +1 for each
 * award not standing yet, -1 (taking back what it gave) for each that no longer holds.
 */
export function ledgerChanges(aboutUserId: number, wanted: Award[], standing: NetAward[], points: ScorePoints): LedgerRow[] {
  const key = (award: { userId: number; reason: ScoreReason; sourceId: string }) => `${award.userId}|${award.reason}|${award.sourceId}`;
  const current = new Map(standing.filter((award) => award.units > 0).map((award) => [key(award), award]));
  const rows: LedgerRow[] = [];
  for (const award of wanted) {
    if (current.delete(key(award))) continue;
    rows.push({ user_id: award.userId, reason: award.reason, source_id: award.sourceId, about_user_id: aboutUserId, units: 1, points: points[award.reason] });
  }
  for (const award of current.values()) {
    rows.push({ user_id: award.userId, reason: award.reason, source_id: award.sourceId, about_user_id: aboutUserId, units: -1, points: -award.points });
  }
  return rows;
}

function numbered(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}
