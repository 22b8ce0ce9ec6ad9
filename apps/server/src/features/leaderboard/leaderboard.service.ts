import { indiaDate, LEADERBOARD_MAX_RADIUS_M, type LeaderboardEntry, type LeaderboardQuery, type LeaderboardResponse } from '@saathi/shared';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { ScoresService } from '../../domain/scores';
import type { LeaderboardRepository, OwnScore, RankPosition, RankScope } from './leaderboard.repository';

/** The query as the contract parsed it. */
export type LeaderboardRequest = z.output<typeof LeaderboardQuery>;

/** Where the next page starts, and the rank and position of the row before it. */
interface Cursor extends RankPosition {
  rank: number;
  position: number;
}

export function createLeaderboardService({ leaderboard, scores, clock }: { leaderboard: LeaderboardRepository; scores: ScoresService; clock: Clock }) {
  async function scopeOf(userId: number, query: LeaderboardRequest): Promise<RankScope> {
    if (query.scope === 'location') {
      if (query.latitude === undefined) throw new ValidationError('latitude is required for scope=location', 'latitude');
      if (query.longitude === undefined) throw new ValidationError('longitude is required for scope=location', 'longitude');
      return { kind: 'location', centre: { latitude: query.latitude, longitude: query.longitude }, radiusM: query.radius ?? LEADERBOARD_MAX_RADIUS_M };
    }
    if (query.region === undefined) throw new ValidationError('region is required for scope=administrative (city, state or country)', 'region');
    if (query.region === 'country') return { kind: 'country' };
    const home = await leaderboard.homePlace(userId);
    const state = query.state ?? home?.state?.trim() ?? null;
    if (query.region === 'state') {
      if (!state) throw new ValidationError('Add your state to your profile, or give state=', 'state');
      return { kind: 'state', state };
    }
    const city = query.city ?? home?.city?.trim();
    if (!city) throw new ValidationError('Add your city to your profile, or give city=', 'city');
    // Another city named without its state is looked up in any state.
    return { kind: 'city', city, state: query.city && !query.state ? null : state || null };
  }

  return {
    async leaderboard(userId: number, query: LeaderboardRequest): Promise<LeaderboardResponse> {
      const after = query.cursor === undefined ? null : readCursor(query.cursor);
      const scope = await scopeOf(userId, query);
      // Whoever opens the leaderboard is active today: their own point is in what they see.
      await scores.recordActivity(userId);
      const today = indiaDate(clock());
      const own = await leaderboard.ownScore(userId);
      if (!own) throw new NotFoundError('User not found', 'user_not_found');

      const rows = await leaderboard.page(scope, today, query.limit + 1, after);
      const more = rows.length > query.limit;
      const shown = rows.slice(0, query.limit);
      let previous = after ? { total: after.total, rank: after.rank } : null;
      const items: LeaderboardEntry[] = shown.map((row, index) => {
        const position = (after?.position ?? 0) + index + 1;
        const rank = previous && previous.total === row.total ? previous.rank : position;
        previous = { total: row.total, rank };
        return { id: row.id, name: row.id === userId ? (row.name ?? '') : shortName(row.name), score: row.total, rank, isCurrentUser: row.id === userId };
      });
      const last = shown.at(-1);
      const nextCursor =
        more && last && previous
          ? writeCursor({ total: last.total, reachedAt: last.reachedAt, userId: last.id, rank: previous.rank, position: (after?.position ?? 0) + shown.length })
          : null;

      const rank = 1 + (await leaderboard.countAbove(scope, today, own.total, userId));
      return {
        items,
        me: {
          id: userId,
          name: own.name ?? '',
          score: own.total,
          rank,
          isCurrentUser: true,
          listed: own.listedFrom !== null && own.listedFrom <= today,
          scoreBreakdown: breakdown(own),
        },
        nextCursor,
      };
    },
  };
}

function breakdown(own: OwnScore) {
  return {
    totalScore: own.total,
    referrals: { count: own.referrals, score: own.referralPoints },
    referralLocations: { count: own.referralLocations, score: own.referralLocationPoints },
    volunteerLocations: { count: own.volunteerLocations, score: own.volunteerLocationPoints },
    selfActivity: { daysActive: own.activeDays, score: own.activeDayPoints },
    referralsActivity: { totalDaysActive: own.referralActiveDays, score: own.referralActiveDayPoints },
  };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** "Priya Sharma" → "Priya S.": others are shown by first name and the initial of the last name. */
export function shortName(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const lastWord = words.length > 1 ? words[words.length - 1] : undefined;
  if (!lastWord) return first;
  const initial = graphemes.segment(lastWord)[Symbol.iterator]().next().value?.segment ?? '';
  return `${first} ${initial.toLocaleUpperCase()}.`;
}

function writeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.total, cursor.reachedAt.getTime(), cursor.userId, cursor.rank, cursor.position])).toString('base64url');
}

function readCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 5 && value.every((part) => Number.isSafeInteger(part) && (part as number) >= 0)) {
      const [total, reachedAt, userId, rank, position] = value as number[] as [number, number, number, number, number];
      return { total, reachedAt: new Date(reachedAt), userId, rank, position };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new ValidationError('cursor is not one this server gave', 'cursor');
}
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
