import { LIMITS } from '../constants';
import { indiaDate } from './india-time';

/**
 * Whole years between a YYYY-MM-DD birth date and the instant `at`, counted on India's
 * calendar: someone born on 26 November turns a year older at midnight IST, whatever time
 * zone the server or the browser runs in.
 */
export function ageInYears(dob: string, at: Date = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = indiaDate(at).split('-').map(Number) as [number, number, number];
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

/** SPEC.md §5 age gate: at least 13 years from dob (India's calendar); no dob means denied. */
export function isOldEnoughForCommunity(dob: string | null | undefined, at: Date = new Date()): boolean {
  if (!dob) return false;
  return ageInYears(dob, at) >= LIMITS.minimumAgeYears;
}

/** 0: under 13, 1: 13 to 17, 2: 18 and over (the bands of DESIGN.md §8). */
export type AgeBand = 0 | 1 | 2;

export function ageBand(dob: string, at: Date = new Date()): AgeBand {
  const age = ageInYears(dob, at);
  if (age < LIMITS.minimumAgeYears) return 0;
  if (age < LIMITS.adultAgeYears) return 1;
  return 2;
}

/**
 * DESIGN.md §8: a date-of-birth edit cannot lift a user across 13 or 18. True when `next`
 * puts the user in a higher age band at `at` than any of the dates `from` (the current dob
 * and the first one kept with the account; nulls are skipped). Staying in a band, or moving
 * down, is allowed.
 */
export function dobChangeCrossesAgeBandUpwards(from: ReadonlyArray<string | null | undefined>, next: string, at: Date = new Date()): boolean {
  const nextBand = ageBand(next, at);
  return from.some((dob) => typeof dob === 'string' && nextBand > ageBand(dob, at));
}

/** A plausible birth date: a real calendar day, not after today in India, not before 1900. */
export function isDobValid(dob: string, at: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (y < 1900) return false;
  return dob <= indiaDate(at);
}
