import type { Language } from '../languages';
import enUS from '../locales/en-US/astro-terms.json';
import hiIN from '../locales/hi-IN/astro-terms.json';
import guIN from '../locales/gu-IN/astro-terms.json';

/**
 * The `astro-terms` namespace: names of signs, bodies, nakshatras, tithis (with paksha), varas,
 * yogas and karanas, keyed by the codes of ./codes.ts. The web app loads the JSON files as an
 * i18next namespace for its labels; the server quotes the same names in the assistant's
 * answers. Not re-exported from the package root, so no catalog reaches a web bundle through
 * '@saathi/shared'.
 */
export const ASTRO_TERMS_NAMESPACE = 'astro-terms';

export type AstroTermsCatalog = typeof enUS;

export const ASTRO_TERMS: Record<Language, AstroTermsCatalog> = { 'en-US': enUS, 'hi-IN': hiIN, 'gu-IN': guIN };
