import type { Threat } from '@saathi/shared';

/**
 * The threat chips, in the order shown. A copy of the shared THREATS list: importing a value
 * from @saathi/shared would pull zod into the dashboard's bundle (150 KB budget). The type
 * keeps it honest, and threats.test.ts checks it matches the shared list exactly.
 */
export const THREAT_CHOICES = ['medical', 'fire', 'accident', 'harassment', 'theft', 'other'] as const satisfies readonly Threat[];
