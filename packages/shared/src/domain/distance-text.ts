/**
 * Unit words by language. 'long' spells the metre out where the language has a common
 * abbreviation that reads too terse in a sentence (Hindi मीटर / मी).
 */
const UNITS = {
  en: { short: 'm', long: 'm', km: 'km' },
  hi: { short: 'मी', long: 'मीटर', km: 'किमी' },
  gu: { short: 'મી', long: 'મીટર', km: 'કિમી' },
} as const;

export type DistanceUnitStyle = 'short' | 'long';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    formats.set(language, format);
  }
  return format;
}

/**
 * SPEC.md §9 distance text, the one place it is worded: whole metres under 1 km, else km to
 * at most one decimal ("850 m", "1 km", "3.2 km"; Hindi "850 मी", Gujarati "850 મીટર" with
 * `style` 'long'). Digits and separators as `language` (a BCP 47 tag such as 'hi-IN')
 * formats them; unknown languages get the English units.
 */
export function formatDistance(metres: number, language: string, style: DistanceUnitStyle = 'short'): string {
  const base = language.split('-')[0] ?? '';
  const units = base in UNITS ? UNITS[base as keyof typeof UNITS] : UNITS.en;
  const rounded = Math.max(0, Math.round(metres));
  if (rounded < 1000) return `${numberFormat(language).format(rounded)} ${units[style]}`;
  return `${numberFormat(language).format(Math.round(metres / 100) / 10)} ${units.km}`;
}
