/**
 * The codes of the astrology assistant (issue #18), shared by the server, the web app and the
 * `astro-terms` catalog (packages/shared/src/locales/<lang>/astro-terms.json). Every list is in
 * its traditional order, so a code's index is its number: `SIGNS[0]` is Aries (Mesha), sign
 * number 1; `NAKSHATRAS[0]` is Ashwini, starting at 0° sidereal; `VARAS[0]` is Sunday. Tithis
 * are numbers 1–30 (1–15 shukla paksha, 15 = Purnima; 16–30 krishna paksha, 30 = Amavasya).
 *
 * This module imports nothing, so the web app can use it without pulling schema code.
 */

/** The 12 signs (rashis), Aries = Mesha first. */
export const SIGNS = ['aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces'] as const;
export type Sign = (typeof SIGNS)[number];

/** The 9 bodies (navagraha) in the order charts list them; Rahu and Ketu are the Moon's mean nodes. */
export const BODIES = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'] as const;
export type Body = (typeof BODIES)[number];

/** The 27 nakshatras, each 13°20′ of the sidereal zodiac from 0° Aries; 4 padas of 3°20′ each. */
export const NAKSHATRAS = [
  'ashwini',
  'bharani',
  'krittika',
  'rohini',
  'mrigashira',
  'ardra',
  'punarvasu',
  'pushya',
  'ashlesha',
  'magha',
  'purva_phalguni',
  'uttara_phalguni',
  'hasta',
  'chitra',
  'swati',
  'vishakha',
  'anuradha',
  'jyeshtha',
  'mula',
  'purva_ashadha',
  'uttara_ashadha',
  'shravana',
  'dhanishta',
  'shatabhisha',
  'purva_bhadrapada',
  'uttara_bhadrapada',
  'revati',
] as const;
export type Nakshatra = (typeof NAKSHATRAS)[number];

/** The 7 weekdays (varas), Sunday (Ravivara) first; the vara of a day changes at sunrise. */
export const VARAS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Vara = (typeof VARAS)[number];

/** The two halves of the lunar month: shukla (waxing, tithis 1–15) and krishna (waning, 16–30). */
export const PAKSHAS = ['shukla', 'krishna'] as const;
export type Paksha = (typeof PAKSHAS)[number];

/** Tithi numbers run 1..30; this many. */
export const TITHI_COUNT = 30;

/** The 27 yogas (of the sum of the Sun's and the Moon's sidereal longitudes, 13°20′ each). */
export const YOGAS = [
  'vishkambha',
  'priti',
  'ayushman',
  'saubhagya',
  'shobhana',
  'atiganda',
  'sukarma',
  'dhriti',
  'shula',
  'ganda',
  'vriddhi',
  'dhruva',
  'vyaghata',
  'harshana',
  'vajra',
  'siddhi',
  'vyatipata',
  'variyana',
  'parigha',
  'shiva',
  'siddha',
  'sadhya',
  'shubha',
  'shukla',
  'brahma',
  'indra',
  'vaidhriti',
] as const;
export type Yoga = (typeof YOGAS)[number];

/**
 * The 11 karanas (half-tithis): the 7 movable ones (bava…vishti) repeat 8 times from the second
 * half of Shukla Pratipada; the 4 fixed ones take the remaining halves (kimstughna the first
 * half of Shukla Pratipada, shakuni, chatushpada and naga the last three of the month).
 */
export const KARANAS = ['bava', 'balava', 'kaulava', 'taitila', 'gara', 'vanija', 'vishti', 'shakuni', 'chatushpada', 'naga', 'kimstughna'] as const;
export type Karana = (typeof KARANAS)[number];

/** Chart styles the web app draws. */
export const CHART_STYLES = ['north', 'south'] as const;
export type ChartStyle = (typeof CHART_STYLES)[number];

/** What a crisis answer points to (Tele-MANAS, India's mental-health helpline, and the emergency number). */
export const ASTRO_HELPLINES = [
  { id: 'tele_manas', number: '14416' },
  { id: 'emergency', number: '112' },
] as const;

export const ASTRO_LIMITS = {
  nameMax: 80,
  placeNameMax: 120,
  questionMax: 500,
  /** Questions a user may ask per rolling hour (answers 429 `astro_question_limit` beyond). */
  questionsPerHour: 30,
  /** Charts a user may keep (self, family...). */
  chartsPerUser: 50,
  /** Birth dates and panchang dates are accepted within these years (the ephemeris is checked there). */
  firstYear: 1900,
  lastYear: 2100,
} as const;
