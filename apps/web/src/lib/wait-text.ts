/**
 * "20 seconds", "3 minutes", "5 hours" in `language` (Intl words the unit and its plural): how
 * long someone must wait after a rate limit. No imports, so the early SOS carries it too.
 */
export function waitText(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 90 ? [Math.max(1, Math.ceil(seconds)), 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
