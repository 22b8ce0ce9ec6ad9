import type { Language } from '@saathi/shared/languages';

/** A town of the bundled gazetteer (gazetteer-data.ts), with its names in the three languages. */
export interface Town {
  /** Position in the gazetteer: stable within one build, used as a React key. */
  id: number;
  /** Every name a person may type, per script; the first of each list is the one shown. */
  names: Record<Language, readonly string[]>;
  state: Record<Language, string>;
  latitude: number;
  longitude: number;
  /** One of the largest cities: ranks first among equally good matches. */
  major: boolean;
}

export interface Gazetteer {
  towns: readonly Town[];
  search: (query: string, limit?: number) => Town[];
}

const DEVANAGARI_NUKTA = 0x093c;
const DEVANAGARI_START = 0x0900;
const DEVANAGARI_END = 0x097f;
/** Gujarati letters sit at the same offsets in their Unicode block as the Devanagari ones. */
const GUJARATI_OFFSET = 0x0a80 - 0x0900;

/**
 * A Hindi name in Gujarati letters, letter for letter: the two scripts are encoded in parallel.
 * Gujarati writes no nukta (ज़ → જ), and NFD first splits precomposed letters such as ड़.
 */
export function devanagariToGujarati(text: string): string {
  let result = '';
  for (const char of text.normalize('NFD')) {
    const code = char.codePointAt(0) ?? 0;
    if (code === DEVANAGARI_NUKTA) continue;
    result += code >= DEVANAGARI_START && code <= DEVANAGARI_END ? String.fromCodePoint(code + GUJARATI_OFFSET) : char;
  }
  return result.normalize('NFC');
}

/**
 * The form a name and a query are compared in: lower case, Latin accents and Indic nuktas
 * dropped, chandrabindu read as anusvara, hyphens and dots as spaces. So "Bhavnagar",
 * "bhavnagar", "भावनगर" and "ભાવનગર" each find the town, and so does "मुजफ्फरपुर" without nuktas.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[\u0300-\u036f\u093c\u0abc]/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\u0a81/g, '\u0a82')
    .replace(/[-.,'’()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function splitNames(field: string): string[] {
  return field
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Parses the gazetteer's text tables (see gazetteer-data.ts for the format). */
export function parseGazetteer(statesText: string, townsText: string): Town[] {
  const states = new Map<string, Record<Language, string>>();
  for (const line of statesText.split('\n')) {
    const [code, en, hi, gu] = line.split('|');
    if (code && en && hi && gu) states.set(code, { 'en-US': en, 'hi-IN': hi, 'gu-IN': gu });
  }
  const towns: Town[] = [];
  let state: Record<Language, string> | undefined;
  for (const raw of townsText.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      state = states.get(line.slice(1));
      if (!state) throw new Error(`gazetteer: unknown state ${line}`);
      continue;
    }
    const [enField = '', hiField = '', guField = '', latitude = '', longitude = ''] = line.split('|');
    if (!state) throw new Error(`gazetteer: a town before any state: ${line}`);
    const major = enField.startsWith('*');
    const hindi = splitNames(hiField);
    towns.push({
      id: towns.length,
      names: {
        'en-US': splitNames(major ? enField.slice(1) : enField),
        'hi-IN': hindi,
        'gu-IN': guField ? splitNames(guField) : hindi.map(devanagariToGujarati),
      },
      state,
      latitude: Number(latitude),
      longitude: Number(longitude),
      major,
    });
  }
  return towns;
}

/** 0: a name starts with the query; 1: a word of a name does; 2: a name contains it; null: no match. */
function matchRank(keys: readonly string[], query: string): number | null {
  let best: number | null = null;
  for (const key of keys) {
    const rank = key.startsWith(query) ? 0 : key.includes(` ${query}`) ? 1 : key.includes(query) ? 2 : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/** A search over `towns` in any of the three scripts; the best matches first, the largest cities first among equals. */
export function createGazetteer(towns: readonly Town[]): Gazetteer {
  const keys = towns.map((town) => [...town.names['en-US'], ...town.names['hi-IN'], ...town.names['gu-IN']].map(searchKey));
  return {
    towns,
    search(query, limit = 8) {
      const wanted = searchKey(query);
      if (wanted === '') return [];
      const hits: { town: Town; rank: number }[] = [];
      towns.forEach((town, index) => {
        const rank = matchRank(keys[index] ?? [], wanted);
        if (rank !== null) hits.push({ town, rank });
      });
      hits.sort(
        (a, b) =>
          a.rank - b.rank ||
          Number(b.town.major) - Number(a.town.major) ||
          (a.town.names['en-US'][0] ?? '').localeCompare(b.town.names['en-US'][0] ?? '') ||
          a.town.id - b.town.id,
      );
      return hits.slice(0, limit).map((hit) => hit.town);
    },
  };
}

let loading: Promise<Gazetteer> | null = null;
let loaded: Gazetteer | null = null;

/** The bundled gazetteer, fetched as its own chunk on first use. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= import('./gazetteer-data').then(({ STATES, TOWNS }) => (loaded = createGazetteer(parseGazetteer(STATES, TOWNS))));
  return loading;
}

/** The gazetteer if it has been loaded already (a form opened a second time searches at once). */
export function loadedGazetteer(): Gazetteer | null {
  return loaded;
}

/** "Bhavnagar, Gujarat" in the language shown. */
export function townLabel(town: Town, language: Language): string {
  return `${town.names[language][0] ?? town.names['en-US'][0] ?? ''}, ${town.state[language]}`;
}
