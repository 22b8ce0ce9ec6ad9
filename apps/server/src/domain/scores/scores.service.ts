import type { Transaction } from 'kysely';
import { indiaDate } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import type { Database } from '../../core/db/schema';
import { awardsAbout, ledgerChanges, type ScorePoints } from './score-rules';
import { scoresQueries, type ScoresRepository } from './scores.repository';

export interface ScoresDeps {
  scores: ScoresRepository;
  points: ScorePoints;
  clock: Clock;
}

/**
 * Keeps the points ledger in step with what users do. Every change goes through settleScores,
 * which compares what a user's state should have earned (for them and their referrer) with
 * what the ledger holds and appends the difference, totals included, in one transaction.
 */
export function createScoresService({ scores, points, clock }: ScoresDeps) {
  /** Users this process already recorded on `recordedDay`: one write per user per India day. */
  let recordedDay = '';
  const recorded = new Set<number>();

  const settle = (trx: Transaction<Database>, userId: number, now: Date) => settleScores(trx, userId, points, now);

  return {
    /**
     * The user made a signed-in request: the first one of an India day is an active day (for
     * them, and for their referrer once the referral counts, which a second day may make it).
     */
    async recordActivity(userId: number): Promise<void> {
      const now = clock();
      const day = indiaDate(now);
      if (day !== recordedDay) {
        recordedDay = day;
        recorded.clear();
      }
      if (recorded.has(userId)) return;
      await scores.transaction(async (trx) => {
        if (await scores.addActiveDay(trx, userId, day)) await settle(trx, userId, now);
      });
      recorded.add(userId);
    },

    /** After a change to the user's profile or places (in the transaction that made it, or after it). */
    async refresh(userId: number, trx?: Transaction<Database>): Promise<void> {
      const now = clock();
      if (trx) return settle(trx, userId, now);
      await scores.transaction((own) => settle(own, userId, now));
    },

    /** Recomputes every total from the ledger alone (the `rebuild-scores` command). */
    async rebuildTotals(): Promise<number> {
      return scores.transaction((trx) => scores.rebuildTotals(trx));
    },
  };
}

/**
 * Brings the ledger in line with one user's state: what it should have earned them and their
 * referrer against what the ledger holds, the difference appended with the totals. Idempotent.
 */
export async function settleScores(trx: Transaction<Database>, userId: number, points: ScorePoints, now: Date): Promise<void> {
  // Lock first, then read: two settlements of one user (a profile save and the day's first
  // request) take turns, and the second reads what the first wrote. Locks go from a referral to
  // its referrer, never back (referrals point to older accounts), so they cannot deadlock.
  await scoresQueries.lockScores(trx, [userId], now);
  const facts = await scoresQueries.facts(trx, userId);
  if (!facts) return;
  if (facts.referrerId !== null) await scoresQueries.lockScores(trx, [facts.referrerId], now);
  await scoresQueries.syncProfile(trx, userId);
  const changes = ledgerChanges(userId, awardsAbout(facts), await scoresQueries.netAwardsAbout(trx, userId), points);
  await scoresQueries.append(trx, changes, now);
}

export type ScoresService = ReturnType<typeof createScoresService>;
