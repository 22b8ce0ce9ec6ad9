/**
 * Local wall time ↔ UTC with the historical offsets of the IANA time zone database, read
 * through Intl (the database Node ships with ICU). India kept other offsets before 1955:
 * Asia/Kolkata is +05:21:10 (Madras time) before 1942 and +06:30 in 1942–45, so a birth time
 * of 1943 is turned into UTC with +06:30, not +05:30.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in seconds east (19800 for +05:30). */
export function offsetSecondsAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(whole))) parts[part.type] = part.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = Date.UTC(year, Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - whole) / 1000);
}

/**
 * The UTC instant of a local wall time (`YYYY-MM-DD`, `HH:MM[:SS]`) in a zone, and the offset
 * used. A time skipped by a clock change takes the offset in force just before it.
 */
export function localTimeToUtc(date: string, time: string, timeZone: string): { utcMs: number; offsetSeconds: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let offsetSeconds = offsetSecondsAt(wall, timeZone);
  for (let i = 0; i < 3; i += 1) {
    const next = offsetSecondsAt(wall - offsetSeconds * 1000, timeZone);
    if (next === offsetSeconds) break;
    offsetSeconds = next;
  }
  return { utcMs: wall - offsetSeconds * 1000, offsetSeconds };
}

/** `+05:30`, or `+05:21:10` when the offset has seconds. */
export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const total = Math.abs(offsetSeconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const text = `${sign}${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}`;
  return total % 60 === 0 ? text : `${text}:${two(total % 60)}`;
}

/** An instant as local ISO time with the zone's offset then, to the second: `2026-11-27T06:41:07+05:30`. */
export function localIso(instantMs: number, timeZone: string): string {
  const rounded = Math.round(instantMs / 1000) * 1000;
  const offsetSeconds = offsetSecondsAt(rounded, timeZone);
  const local = new Date(rounded + offsetSeconds * 1000).toISOString().slice(0, 19);
  return `${local}${formatOffset(offsetSeconds)}`;
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in a zone. */
export function localDate(instantMs: number, timeZone: string): string {
  return new Date(instantMs + offsetSecondsAt(instantMs, timeZone) * 1000).toISOString().slice(0, 10);
}

/**
 * The zone of a place when the client names none: Asia/Kolkata for India (the box around its
 * mainland and islands, 6°–37.5° N, 68°–97.5° E, which the app's gazetteer covers), else the
 * nautical zone of the longitude (`Etc/GMT-4` is UTC+4). A client that knows better (a place
 * in Nepal or abroad) sends `timeZone`.
 */
export function timeZoneOfPlace(latitude: number, longitude: number): string {
  if (latitude >= 6 && latitude <= 37.5 && longitude >= 68 && longitude <= 97.5) return 'Asia/Kolkata';
  const hours = Math.max(-12, Math.min(12, Math.round(longitude / 15)));
  if (hours === 0) return 'Etc/GMT';
  return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}
