/**
 * India has one time zone: the app shows the date and time of what happens in India by India's
 * clock, wherever the phone is set. (The calendar arithmetic is in @saathi/shared's india-time.)
 */
const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** A long India date in `language`: "12 March 2026", "12 मार्च 2026". */
export function formatIndiaDate(at: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: INDIA_TIME_ZONE }).format(at);
}

/** An India date and time in `language`: "20 Nov 2026, 6:30 pm". */
export function formatIndiaDateTime(at: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: INDIA_TIME_ZONE }).format(at);
}

/** An India clock time to the second, in `language`: "14:03:21" (the moment figures were read). */
export function formatIndiaClockTime(at: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: INDIA_TIME_ZONE }).format(at);
}
