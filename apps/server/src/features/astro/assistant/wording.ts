import type { AstroFact, Body, ChartPlanet, Language, Sign } from '@saathi/shared';
import { ASTRO_TERMS, type AstroTermsCatalog } from '@saathi/shared/astro-terms';

/** The astro-terms catalog of a language, and small helpers to word chart facts in it. */
export function termsOf(language: Language): AstroTermsCatalog {
  return ASTRO_TERMS[language];
}

/** Fills `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** 12°34′ */
export function degreesText(degrees: number): string {
  const totalMinutes = Math.floor(degrees * 60 + 1e-9);
  return `${Math.floor(totalMinutes / 60)}°${String(totalMinutes % 60).padStart(2, '0')}′`;
}

export function signName(terms: AstroTermsCatalog, sign: Sign): string {
  return terms.sign[sign];
}

export function bodyName(terms: AstroTermsCatalog, body: Body): string {
  return terms.body[body];
}

export function ordinalOf(terms: AstroTermsCatalog, house: number): string {
  return terms.assistant.ordinal[String(house) as keyof AstroTermsCatalog['assistant']['ordinal']];
}

/** A fact line: "<label>: <value>". */
export function fact(key: string, value: string | number, label: string, text: string): AstroFact {
  return { key, value, text: `${label}: ${text}` };
}

export function planetFacts(terms: AstroTermsCatalog, planet: ChartPlanet): AstroFact[] {
  const name = bodyName(terms, planet.body);
  const facts = [
    fact(`planet.${planet.body}.sign`, planet.sign, name, `${signName(terms, planet.sign)} ${degreesText(planet.degreeInSign)}`),
    fact(
      `planet.${planet.body}.nakshatra`,
      planet.nakshatra,
      `${name} · ${terms.element.nakshatra}`,
      `${terms.nakshatra[planet.nakshatra]}, ${terms.element.pada} ${planet.pada}`,
    ),
  ];
  if (planet.house !== null) facts.push(fact(`planet.${planet.body}.house`, planet.house, `${name} · ${terms.element.house}`, String(planet.house)));
  if (planet.retrograde) facts.push(fact(`planet.${planet.body}.retrograde`, 'true', name, terms.element.retrograde));
  return facts;
}
