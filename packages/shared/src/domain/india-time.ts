/**
 * India's clock and calendar. India has one time zone, UTC+05:30 (Asia/Kolkata), without
 * daylight saving, so a fixed offset is exact and needs no time-zone data.
 */
export const INDIA_OFFSET_MS = 330 * 60_000;

const DAY_MS = 86_400_000;

/** The calendar date in India at the instant `at`, as 'YYYY-MM-DD'. */
export function indiaDate(at: Date = new Date()): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant India's calendar day holding `at` began (midnight IST, 18:30 UTC the day before). */
export function startOfIndiaDay(at: Date = new Date()): Date {
  const india = at.getTime() + INDIA_OFFSET_MS;
  return new Date(Math.floor(india / DAY_MS) * DAY_MS - INDIA_OFFSET_MS);
}

/** The next midnight in India after `at` (at midnight itself: the one a day later). */
export function nextIndiaMidnight(at: Date = new Date()): Date {
  return new Date(startOfIndiaDay(at).getTime() + DAY_MS);
}

/** Reads India wall-clock text 'YYYY-MM-DD HH:mm:ss' as the instant it names. */
export function parseIndiaDateTime(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - INDIA_OFFSET_MS);
}
