import { LIMITS } from '../constants';

/** Whole years between a YYYY-MM-DD birth date and `today` (local calendar dates). */
export function ageInYears(dob: string, today: Date = new Date()): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  const beforeBirthday = today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** SPEC.md §5 age gate: at least 13 years from dob; no dob means denied. */
export function isOldEnoughForCommunity(dob: string | null | undefined, today: Date = new Date()): boolean {
  if (!dob) return false;
  return ageInYears(dob, today) >= LIMITS.minimumAgeYears;
}

/** A plausible birth date: a real calendar day, not in the future, not before 1900. */
export function isDobValid(dob: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (y < 1900) return false;
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return date.getTime() <= todayUtc;
}
