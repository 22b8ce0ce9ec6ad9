/**
 * Brand tokens, the single source for both the MUI theme (theme.ts) and the plain-CSS shell
 * (app bar, navigation, SOS dashboard), which stays free of MUI to keep the SOS path light.
 * The pink is Material pink 600 rather than 500: white text on #D81B60 reaches 4.9:1
 * (WCAG AA for normal text), where #E91E63 only reaches 4.3:1.
 */
export const brand = {
  pink: '#D81B60',
  pinkLight: '#F48FB1',
  pinkDark: '#AD1457',
  pinkTint: '#FCE4EC',
  teal: '#00796B',
  tealDark: '#004D40',
  emergencyRed: '#C62828',
  emergencyRedDark: '#8E0000',
  ink: '#1F1A1C',
  inkSecondary: '#5C5458',
  divider: '#E6DDE1',
  background: '#FFF8FA',
  paper: '#FFFFFF',
} as const;

/** Fallback chain: Latin in Roboto, Devanagari and Gujarati in Noto Sans. */
export const fontFamily = ['Roboto', '"Roboto fallback"', '"Noto Sans Devanagari"', '"Noto Sans Gujarati"', 'system-ui', 'sans-serif'].join(',');

/** SPEC.md §9 screen breakpoints. */
export const breakpoints = { sm: 600, md: 1024, lg: 1440, xl: 1920 } as const;

/** The tokens as CSS custom properties: `[['--saathi-pink', '#D81B60'], …, ['--saathi-font', …]]`. */
export function cssTokens(): [string, string][] {
  return [
    ...Object.entries(brand).map(([name, value]): [string, string] => [`--saathi-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`, value]),
    ['--saathi-font', fontFamily],
  ];
}

/** Publishes the tokens as CSS custom properties for the plain-CSS shell (the early SOS writes the same into its style). */
export function applyCssTokens(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of cssTokens()) root.style.setProperty(name, value);
}
