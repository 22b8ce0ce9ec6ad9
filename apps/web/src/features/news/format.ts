import { formatIndiaDate } from '../../lib/india-time-format';

/**
 * An ISO instant as a long date in the UI language (12 November 2026, 12 नवंबर 2026), or null
 * without one. Publication dates are India dates: an article out at 00:30 IST is dated that day everywhere.
 */
export function formatArticleDate(iso: string | null, language: string): string | null {
  if (!iso) return null;
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return null;
  return formatIndiaDate(value, language);
}
