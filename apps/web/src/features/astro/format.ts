/** Degrees within a sign as degrees and whole minutes, "17°05′" (never 30°00′: 29°59.7′ stays 29°59′). */
export function formatDegreeMinute(degrees: number): string {
  const totalMinutes = Math.min(Math.floor(degrees * 60 + 1e-9), 30 * 60 - 1);
  const whole = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes - whole * 60;
  return `${whole}°${String(minutes).padStart(2, '0')}′`;
}

/** The ayanamsa as degrees, minutes and seconds: "23°51′12″". */
export function formatDegreeMinuteSecond(degrees: number): string {
  const totalSeconds = Math.round(degrees * 3600);
  const whole = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${whole}°${String(minutes).padStart(2, '0')}′${String(seconds).padStart(2, '0')}″`;
}

/** A clock time in `timeZone` ("06:41"), with the day when it is not `onDate` ("07:12, 28 Nov"). */
export function formatTimeIn(instant: string, timeZone: string, language: string, onDate?: string): string {
  const when = new Date(instant);
  const time = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(when);
  if (!onDate || dateIn(when, timeZone) === onDate) return time;
  const day = new Intl.DateTimeFormat(language, { timeZone, day: 'numeric', month: 'short' }).format(when);
  return `${time}, ${day}`;
}

/** The calendar date in `timeZone`, YYYY-MM-DD. */
export function dateIn(when: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(when);
}

/** The UTC instant a chart was computed for: "15 Aug 1947, 00:00:00 UTC". */
export function formatUtcInstant(instant: string, language: string): string {
  const text = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
  return `${text} UTC`;
}

/** A birth date ("1990-08-15") written out in the reader's language. */
export function formatBirthDate(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}
