import { describe, expect, it } from 'vitest';
import { ageBand, ageInYears, dobChangeCrossesAgeBandUpwards, isDobValid, isOldEnoughForCommunity } from './age';

/** Midday of 21 Nov 2026 in India, the same date in every time zone from UTC-6:30 to UTC+14. */
const today = new Date('2026-11-21T06:30:00Z');

/** The last and first minutes of 26 Nov 2026 around India's midnight (18:30 UTC the day before). */
const beforeIndiaMidnight = new Date('2026-11-25T18:29:59.999Z'); // 25 Nov 23:59:59.999 IST
const atIndiaMidnight = new Date('2026-11-25T18:30:00.000Z'); // 26 Nov 00:00 IST, still 25 Nov in UTC
const beforeUtcMidnight = new Date('2026-11-26T18:29:00Z'); // 26 Nov 23:59 IST
const afterUtcMidnight = new Date('2026-11-26T18:31:00Z'); // 27 Nov 00:01 IST

describe('age', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageInYears('2013-11-21', today)).toBe(13);
    expect(ageInYears('2013-11-22', today)).toBe(12);
    expect(ageInYears('2000-01-01', today)).toBe(26);
  });

  it('turns 13 at midnight in India, not at midnight UTC', () => {
    expect(ageInYears('2013-11-26', beforeIndiaMidnight)).toBe(12);
    expect(ageInYears('2013-11-26', atIndiaMidnight)).toBe(13);
    expect(isOldEnoughForCommunity('2013-11-26', beforeIndiaMidnight)).toBe(false);
    expect(isOldEnoughForCommunity('2013-11-26', atIndiaMidnight)).toBe(true);
  });

  it('keeps counting in India after UTC midnight of the birthday', () => {
    // Born 27 Nov: at 00:01 IST on the 27th it is still the 26th in UTC.
    expect(ageInYears('2013-11-27', beforeUtcMidnight)).toBe(12);
    expect(ageInYears('2013-11-27', afterUtcMidnight)).toBe(13);
  });

  it('gates the community at 13, and without a dob', () => {
    expect(isOldEnoughForCommunity('2013-11-21', today)).toBe(true);
    expect(isOldEnoughForCommunity('2013-11-22', today)).toBe(false);
    expect(isOldEnoughForCommunity(null, today)).toBe(false);
  });

  it('accepts only real past dates from 1900', () => {
    expect(isDobValid('2026-11-21', today)).toBe(true);
    expect(isDobValid('2026-11-22', today)).toBe(false);
    expect(isDobValid('1899-12-31', today)).toBe(false);
    expect(isDobValid('2023-02-29', today)).toBe(false);
    expect(isDobValid('21-11-2000', today)).toBe(false);
  });

  it("accepts today's date in India while UTC is still on yesterday", () => {
    expect(isDobValid('2026-11-26', atIndiaMidnight)).toBe(true);
    expect(isDobValid('2026-11-26', beforeIndiaMidnight)).toBe(false);
  });
});

describe('age bands', () => {
  it('splits at 13 and 18 on India’s calendar', () => {
    expect(ageBand('2013-11-26', beforeIndiaMidnight)).toBe(0);
    expect(ageBand('2013-11-26', atIndiaMidnight)).toBe(1);
    expect(ageBand('2008-11-26', beforeIndiaMidnight)).toBe(1);
    expect(ageBand('2008-11-26', atIndiaMidnight)).toBe(2);
  });

  it('refuses a change that lifts the user across 13 or 18', () => {
    expect(dobChangeCrossesAgeBandUpwards(['2015-03-01'], '1990-01-01', today)).toBe(true); // 11 → adult
    expect(dobChangeCrossesAgeBandUpwards(['2015-03-01'], '2012-01-01', today)).toBe(true); // 11 → 14
    expect(dobChangeCrossesAgeBandUpwards(['2010-03-01'], '1990-01-01', today)).toBe(true); // 16 → adult
    // 12 years 364 days in India on the day before the birthday.
    expect(dobChangeCrossesAgeBandUpwards(['2013-11-26'], '2013-11-25', beforeIndiaMidnight)).toBe(true);
  });

  it('allows changes within a band, and downwards', () => {
    expect(dobChangeCrossesAgeBandUpwards(['1990-01-01'], '1985-06-15', today)).toBe(false);
    expect(dobChangeCrossesAgeBandUpwards(['1990-01-01'], '2015-06-15', today)).toBe(false);
    expect(dobChangeCrossesAgeBandUpwards(['2010-03-01'], '2009-03-01', today)).toBe(false);
    expect(dobChangeCrossesAgeBandUpwards(['2015-03-01'], '2014-01-01', today)).toBe(false);
    expect(dobChangeCrossesAgeBandUpwards([null, undefined], '1990-01-01', today)).toBe(false);
  });

  it('judges against every date given: the first dob kept as well as the current one', () => {
    // First entered as 11, then cleared or edited down: still cannot reach 13+.
    expect(dobChangeCrossesAgeBandUpwards([null, '2015-03-01'], '1990-01-01', today)).toBe(true);
    expect(dobChangeCrossesAgeBandUpwards(['2016-01-01', '2015-03-01'], '2014-01-01', today)).toBe(false);
    expect(dobChangeCrossesAgeBandUpwards(['1990-01-01', '2015-03-01'], '1990-01-01', today)).toBe(true);
  });
});
