/**
 * Relative times of SPEC.md §9 as descriptors, so the web app translates them
 * (`{unit: 'minutes', count: 5}` → "5 minutes ago" in each language).
 */
export type RelativeTime =
  { unit: 'justNow' } | { unit: 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years'; count: number } | { unit: 'date'; date: Date };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Community cards: 'Just now' under 60 s, then minutes, hours, days up to 6 days, else the date. */
export function cardRelativeTime(then: Date, now: Date = new Date()): RelativeTime {
  const ms = Math.max(0, now.getTime() - then.getTime());
  if (ms < MINUTE) return { unit: 'justNow' };
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  const days = Math.floor(ms / DAY);
  if (days <= 6) return { unit: 'days', count: days };
  return { unit: 'date', date: then };
}

/**
 * Reels and likes (SPEC.md §9): 'just now' under 30 s, then seconds, minutes, hours, days, weeks
 * (under 4), months, years; every unit is worded in the reader's language. With `dateAfterDays`
 * (the likes list uses 7) older moments show their date. A moment in the future (a skewed clock)
 * is 'just now'.
 */
export function reelRelativeTime(then: Date, now: Date = new Date(), options: { dateAfterDays?: number } = {}): RelativeTime {
  const ms = Math.max(0, now.getTime() - then.getTime());
  if (options.dateAfterDays !== undefined && ms > options.dateAfterDays * DAY) return { unit: 'date', date: then };
  if (ms < 30 * SECOND) return { unit: 'justNow' };
  if (ms < MINUTE) return { unit: 'seconds', count: Math.floor(ms / SECOND) };
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  const days = Math.floor(ms / DAY);
  if (days < 7) return { unit: 'days', count: days };
  const weeks = Math.floor(days / 7);
  if (weeks < 4) return { unit: 'weeks', count: weeks };
  const months = Math.floor(days / 30);
  if (months < 12) return { unit: 'months', count: Math.max(1, months) };
  return { unit: 'years', count: Math.floor(days / 365) };
}

/** How long something has waited, in the unit that reads best. */
export type Age = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/**
 * The age of a report or an alert (the moderation desk's "12 minutes old"): 'just now' under a
 * minute, then whole minutes under an hour, whole hours under a day, then whole days. Never a
 * date, never "0 hours"; a moment in the future (a skewed clock) is 'just now'.
 */
export function ageOf(then: Date, now: Date = new Date()): Age {
  const ms = Math.max(0, now.getTime() - then.getTime());
  if (!Number.isFinite(ms) || ms < MINUTE) return { unit: 'justNow' };
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  return { unit: 'days', count: Math.floor(ms / DAY) };
}
