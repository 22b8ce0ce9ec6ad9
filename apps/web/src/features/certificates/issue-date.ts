import { formatIndiaDate } from '../../lib/india-time-format';

/** "12 March 2026" in `language`, by the calendar in India at the instant `issuedAt`: a certificate is dated so wherever it is read. */
export function formatIssueDate(issuedAt: string, language: string): string {
  return formatIndiaDate(new Date(issuedAt), language);
}
