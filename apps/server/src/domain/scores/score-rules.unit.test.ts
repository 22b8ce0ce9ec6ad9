import { describe, expect, it } from 'vitest';
import { awardsAbout, ledgerChanges } from './score-rules';
import type { ScoreFacts } from './scores.repository';

const POINTS = { referral: 10, referral_location: 3, volunteer_location: 5, active_day: 1, referral_active_day: 1 };

const facts = (overrides: Partial<ScoreFacts> = {}): ScoreFacts => ({
  userId: 7,
  referrerId: 3,
  isVerified: true,
  profileCompleted: true,
  activeDays: ['2026-11-24', '2026-11-25'],
  personalPlaces: 2,
  volunteerPlaces: 1,
  ...overrides,
});

describe('awardsAbout', () => {
  it('gives a counted referral to the referrer: the referral, each personal place and each day', () => {
    expect(awardsAbout(facts()).filter((award) => award.userId === 3)).toEqual([
      { userId: 3, reason: 'referral', sourceId: 'user:7' },
      { userId: 3, reason: 'referral_location', sourceId: 'user:7:location:1' },
      { userId: 3, reason: 'referral_location', sourceId: 'user:7:location:2' },
      { userId: 3, reason: 'referral_active_day', sourceId: 'user:7:2026-11-24' },
      { userId: 3, reason: 'referral_active_day', sourceId: 'user:7:2026-11-25' },
    ]);
  });

  it.each([
    ['one active day only', { activeDays: ['2026-11-25'] }],
    ['an unfinished profile', { profileCompleted: false }],
    ['an unverified phone', { isVerified: false }],
    ['no referrer (or a cycle)', { referrerId: null }],
  ])('gives the referrer nothing for %s, and the user their own points', (_, overrides) => {
    const awards = awardsAbout(facts(overrides));
    expect(awards.filter((award) => award.userId === 3)).toEqual([]);
    expect(awards.some((award) => award.reason === 'active_day')).toBe(true);
  });
});

describe('ledgerChanges', () => {
  it('adds what is missing and takes back, at the points it gave, what no longer holds', () => {
    const wanted = [{ userId: 7, reason: 'volunteer_location' as const, sourceId: 'location:1' }];
    const standing = [
      { userId: 7, reason: 'volunteer_location' as const, sourceId: 'location:2', units: 1, points: 4 },
      { userId: 7, reason: 'volunteer_location' as const, sourceId: 'location:3', units: 0, points: 0 },
    ];
    expect(ledgerChanges(7, wanted, standing, POINTS)).toEqual([
      { user_id: 7, reason: 'volunteer_location', source_id: 'location:1', about_user_id: 7, units: 1, points: 5 },
      { user_id: 7, reason: 'volunteer_location', source_id: 'location:2', about_user_id: 7, units: -1, points: -4 },
    ]);
  });

  it('changes nothing when the ledger already holds exactly what is wanted', () => {
    const wanted = awardsAbout(facts());
    const standing = wanted.map((award) => ({ ...award, units: 1, points: POINTS[award.reason] }));
    expect(ledgerChanges(7, wanted, standing, POINTS)).toEqual([]);
  });
});
