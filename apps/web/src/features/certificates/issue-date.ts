/** India has one time zone; a certificate is dated by India's calendar wherever it is read. */
const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** "12 March 2026" in `language`, by the calendar in India at the instant `issuedAt`. */
export function formatIssueDate(issuedAt: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: INDIA_TIME_ZONE }).format(new Date(issuedAt));
}
