import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/schema';
import { rebuildTotals } from './scores.repository';

/**
 * Recomputes every user's totals from the points ledger, in one transaction (the running
 * totals are kept with each ledger row; this proves them, or repairs them after a manual fix).
 * Returns how many users' totals it wrote.
 */
export async function rebuildScores(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute((trx) => rebuildTotals(trx));
}
