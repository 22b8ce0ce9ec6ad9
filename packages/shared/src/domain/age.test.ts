import { describe, expect, it } from 'vitest';
import { ageInYears, isDobValid, isOldEnoughForCommunity } from './age';

const today = new Date(2026, 10, 21); // 21 Nov 2026, local time

describe('age', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageInYears('2013-11-21', today)).toBe(13);
    expect(ageInYears('2013-11-22', today)).toBe(12);
    expect(ageInYears('2000-01-01', today)).toBe(26);
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
});
