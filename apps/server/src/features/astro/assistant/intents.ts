import { BODIES, LANGUAGES, type Body } from '@saathi/shared';
import { ASTRO_TERMS } from '@saathi/shared/astro-terms';
import { lifeAreaOf, type LifeArea } from './life-areas';

/**
 * What a question asks, in any of the three languages (a Hindi reader may type English or
 * Hinglish): the chart fact it is about, and for a planet the house it names, if any.
 */
export type Intent =
  | { kind: 'moon_sign' | 'sun_sign' | 'lagna' | 'nakshatra' | 'panchang' | 'dosha' | 'general' }
  | { kind: 'planet'; body: Body; askedHouse: number | null }
  | { kind: 'life_area'; area: LifeArea };

const any = (words: string[]) => new RegExp(words.join('|'), 'u');

const DOSHA = any([
  'dosh',
  'manglik',
  'mangalik',
  'kaal ?sarp',
  'kal ?sarp',
  'sade ?sati',
  'sadesati',
  'दोष',
  'मांगलिक',
  'मंगली',
  'काल ?सर्प',
  'साढ़े ?साती',
  'साढे ?साती',
  'દોષ',
  'માંગલિક',
  'કાળ ?સર્પ',
  'સાડા ?સાતી',
]);
const PANCHANG = any(['tithi', 'panchang', 'today', 'aaj', 'तिथि', 'आज', 'पंचांग', 'तिथी', 'તિથિ', 'આજ', 'પંચાંગ']);
const LAGNA = any(['lagna', 'ascendant', 'rising sign', 'लग्न', 'લગ્ન']);
const NAKSHATRA = any(['nakshatra', 'nakshtra', 'birth star', 'नक्षत्र', 'નક્ષત્ર']);
const SUN_SIGN = any(['sun sign', 'surya rashi', 'sun rashi', 'सूर्य राशि', 'સૂર્ય રાશિ']);
const MOON_SIGN = any(['moon sign', 'rashi', 'rasi', 'zodiac sign', 'my sign', 'राशि', 'રાશિ', 'રાશી']);

/** Every name a body goes by in the catalog (Sun, Surya, सूर्य, સૂર્ય...), longest first. */
const BODY_NAMES: [name: string, body: Body][] = LANGUAGES.flatMap((language) => {
  const terms = ASTRO_TERMS[language];
  return BODIES.flatMap((body) =>
    [terms.body[body], terms.graha[body]].flatMap((name) => name.toLowerCase().split(/[()]/)).map((name) => [name.trim(), body] as [string, Body]),
  );
})
  .concat([
    ['shani', 'saturn'],
    ['mangal', 'mars'],
    ['guru', 'jupiter'],
    ['brihaspati', 'jupiter'],
    ['shukra', 'venus'],
    ['budh', 'mercury'],
    ['chandra', 'moon'],
    ['surya', 'sun'],
  ])
  .filter(([name]) => name.length > 1)
  .sort((a, b) => b[0].length - a[0].length);

const ENGLISH_ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];

/** The house a question names: "10th house", "house 10", "tenth house", "दसवें भाव", "દસમા ભાવ". */
function askedHouseOf(text: string): number | null {
  const digits = /(\d{1,2})\s*(?:st|nd|rd|th|वें|वे|वाँ|वां|મા|માં)?\s*(?:house|भाव|घर|ભાવ|ઘર|bhav)|(?:house|भाव|ભાવ)\s*(\d{1,2})/u.exec(text);
  const number = Number(digits?.[1] ?? digits?.[2] ?? NaN);
  if (number >= 1 && number <= 12) return number;
  for (const language of LANGUAGES) {
    const ordinals = language === 'en-US' ? ENGLISH_ORDINALS : Object.values(ASTRO_TERMS[language].assistant.ordinal);
    // Longest first, so "eleventh" wins over nothing shorter and "दसवें" is not read as a part of another word.
    const found = ordinals
      .map((word, index) => ({ word: word.toLowerCase(), house: index + 1 }))
      .sort((a, b) => b.word.length - a.word.length)
      .find(({ word }) => text.includes(word));
    if (found) return found.house;
  }
  return null;
}

export function intentOf(question: string): Intent {
  const text = question.toLowerCase();
  if (DOSHA.test(text)) return { kind: 'dosha' };
  // A life question ("a good year for my career?") is answered from its house, unless it names a planet in a house.
  const area = lifeAreaOf(text);
  if (area && !(BODY_NAMES.some(([name]) => text.includes(name)) && askedHouseOf(text) !== null)) return { kind: 'life_area', area };
  if (PANCHANG.test(text)) return { kind: 'panchang' };
  if (LAGNA.test(text)) return { kind: 'lagna' };
  if (NAKSHATRA.test(text)) return { kind: 'nakshatra' };
  if (SUN_SIGN.test(text)) return { kind: 'sun_sign' };
  const planet = BODY_NAMES.find(([name]) => text.includes(name));
  if (MOON_SIGN.test(text) && (!planet || planet[1] === 'moon')) return { kind: 'moon_sign' };
  if (planet) return { kind: 'planet', body: planet[1], askedHouse: askedHouseOf(text) };
  if (MOON_SIGN.test(text)) return { kind: 'moon_sign' };
  return { kind: 'general' };
}
