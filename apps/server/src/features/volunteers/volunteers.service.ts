import { PROFESSIONS, type LatLon, type LiveLocationResponse, type NearbyVolunteer, type Profession } from '@saathi/shared';
import type { Clock } from '../../core/clock';
import { TooManyRequestsError } from '../../core/errors';
import type { RateLimiter } from '../../core/rate-limit/rate-limiter';
import type { VolunteersRepository } from './volunteers.repository';

const KNOWN_PROFESSIONS: ReadonlySet<string> = new Set(PROFESSIONS);

/** Coordinates of a cell centre need no more than 7 decimals (~1 cm). */
const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

export function createVolunteersService({ volunteers, nearbyLimiter, clock }: { volunteers: VolunteersRepository; nearbyLimiter: RateLimiter; clock: Clock }) {
  return {
    /** SPEC.md §7 volunteers-nearby for `callerId`, rate limited per user. */
    async findNearby(callerId: number, origin: LatLon, rangeM: number): Promise<NearbyVolunteer[]> {
      const waitSeconds = await nearbyLimiter.take(callerId);
      if (waitSeconds > 0) {
        throw new TooManyRequestsError('Too many volunteer searches. Please wait a minute and try again.', waitSeconds, 'rate_limited', {
          seconds: waitSeconds,
        });
      }
      const rows = await volunteers.findNearby({ origin, rangeM, callerId, now: clock() });
      return rows.map((row) => ({
        id: row.id,
        profession: row.profession && KNOWN_PROFESSIONS.has(row.profession) ? (row.profession as Profession) : null,
        verified: row.verified,
        location: { type: 'Point' as const, coordinates: [round7(row.lon), round7(row.lat)] as [number, number] },
      }));
    },

    async updateLiveLocation(userId: number, at: LatLon): Promise<LiveLocationResponse> {
      const recordedAt = await volunteers.updateLiveLocation(userId, at, clock());
      return { stored: recordedAt !== null, recordedAt: recordedAt?.toISOString() ?? null };
    },
  };
}

export type VolunteersService = ReturnType<typeof createVolunteersService>;
