import { z } from 'zod';
import { Latitude, Longitude } from './common';

/** The widest circle a location leaderboard may cover (SPEC.md: 5000 m). */
export const LEADERBOARD_MAX_RADIUS_M = 5000;

/** Query text as a number; '' and absent are "not given". */
const queryNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), schema.optional());

/**
 * `scope=administrative` ranks everyone in the caller's city, state or the whole country
 * (`region`; `city`/`state` pick another place). `scope=location` ranks everyone with a saved
 * place inside the circle. The service checks that each scope has what it needs.
 */
export const LeaderboardQuery = z.object({
  scope: z.enum(['administrative', 'location'], { error: 'scope must be administrative or location' }),
  region: z.enum(['city', 'state', 'country'], { error: 'region must be city, state or country' }).optional(),
  city: z.string().trim().min(1).max(100).optional(),
  state: z.string().trim().min(1).max(100).optional(),
  latitude: queryNumber(Latitude),
  longitude: queryNumber(Longitude),
  radius: queryNumber(
    z
      .number()
      .int('radius is whole metres')
      .min(100, 'radius is at least 100 m')
      .max(LEADERBOARD_MAX_RADIUS_M, `radius is at most ${LEADERBOARD_MAX_RADIUS_M} m`),
  ),
  /** From the previous page's `nextCursor`. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this server gave')
    .optional(),
  limit: queryNumber(z.number().int().min(1).max(50)).default(20),
});
export type LeaderboardQuery = z.input<typeof LeaderboardQuery>;

const Tally = z.object({ count: z.number().int(), score: z.number().int() });

/** How a score was earned (SPEC.md §3 leaderboard entry; the points table is docs/leaderboard.md). */
export const ScoreBreakdown = z.object({
  totalScore: z.number().int(),
  referrals: Tally,
  referralLocations: Tally,
  volunteerLocations: Tally,
  selfActivity: z.object({ daysActive: z.number().int(), score: z.number().int() }),
  referralsActivity: z.object({ totalDaysActive: z.number().int(), score: z.number().int() }),
});
export type ScoreBreakdown = z.infer<typeof ScoreBreakdown>;

/** One row of the list. Others are named by first name and the initial of the last name. */
export const LeaderboardEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().int(),
  /** Standard competition ranking: equal scores share a rank and the next one skips (1, 1, 3). */
  rank: z.number().int(),
  isCurrentUser: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

/** The caller's own row, with the full breakdown, even far down the list or hidden from others. */
export const LeaderboardMe = LeaderboardEntry.extend({
  scoreBreakdown: ScoreBreakdown,
  /** False when others do not see the caller (under 18, or "Show me on leaderboards" off). */
  listed: z.boolean(),
});
export type LeaderboardMe = z.infer<typeof LeaderboardMe>;

export const LeaderboardResponse = z.object({
  items: z.array(LeaderboardEntry),
  me: LeaderboardMe,
  nextCursor: z.string().nullable(),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;
