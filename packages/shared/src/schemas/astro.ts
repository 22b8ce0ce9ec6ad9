import { z } from 'zod';
import { ASTRO_LIMITS, BODIES, KARANAS, NAKSHATRAS, PAKSHAS, SIGNS, VARAS, YOGAS } from '../astro/codes';
import { LANGUAGES } from '../languages';
import { Latitude, Longitude } from './common';

/**
 * The astrology assistant (`/astro`, issue #18). Signs, bodies, nakshatras, varas, yogas and
 * karanas travel as the string codes of packages/shared/src/astro/codes.ts (their names in
 * three languages are in the `astro-terms` catalog); tithis as numbers 1–30. Longitudes are
 * degrees in [0, 360), geocentric, apparent, of date; sidereal = tropical − ayanamsa.
 * Instants are ISO 8601 strings: `utc` ends in `Z`; panchang times carry the place's offset
 * (`2026-11-27T06:41:07+05:30`), so they read as local times and are exact instants.
 */

const { firstYear, lastYear } = ASTRO_LIMITS;

/** `YYYY-MM-DD`, a real calendar date between 1900-01-01 and 2100-12-31. */
export const AstroDate = z
  .string({ error: 'a date is YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
  .refine(isCalendarDate, 'no such date in the calendar')
  .refine((date) => Number(date.slice(0, 4)) >= firstYear && Number(date.slice(0, 4)) <= lastYear, `the year must be between ${firstYear} and ${lastYear}`);

/** `HH:MM` or `HH:MM:SS`, 24-hour local wall time (00:00–23:59:59). */
export const AstroTime = z.string({ error: 'a time is HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'a time is HH:MM, from 00:00 to 23:59');

function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

/**
 * An IANA time zone name (`Asia/Kolkata`). Optional everywhere: without it the server takes
 * Asia/Kolkata for places in and around India and the nautical zone of the longitude elsewhere.
 */
export const TimeZoneName = z.string().min(1).max(64).refine(isTimeZone, 'timeZone is not a known IANA time zone');

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const AstroPlace = z.strictObject({
  name: z.string({ error: 'place name is text' }).trim().min(1, 'Write the place name').max(ASTRO_LIMITS.placeNameMax),
  latitude: Latitude,
  longitude: Longitude,
});
export type AstroPlace = z.infer<typeof AstroPlace>;

/** `POST /api/astro/charts`: birth details. `birthTime` null means "time unknown" (no lagna, no houses; computed at local noon). */
export const CreateChartBody = z.strictObject({
  name: z.string({ error: 'name is text' }).trim().min(1, 'Write a name').max(ASTRO_LIMITS.nameMax),
  birthDate: AstroDate,
  birthTime: AstroTime.nullable(),
  place: AstroPlace,
  timeZone: TimeZoneName.optional(),
});
export type CreateChartBody = z.input<typeof CreateChartBody>;

const Degrees = z.number();
const Sign = z.enum(SIGNS);
const NakshatraCode = z.enum(NAKSHATRAS);
const Pada = z.number().int().min(1).max(4);
const House = z.number().int().min(1).max(12);

/** Where a point of the ecliptic stands: longitudes, sign, degree in sign, nakshatra and pada. */
const ZodiacPlaceFields = {
  tropicalLongitude: Degrees,
  siderealLongitude: Degrees,
  sign: Sign,
  /** Degrees within the sign, [0, 30). */
  degreeInSign: Degrees,
  nakshatra: NakshatraCode,
  pada: Pada,
};

/** One body of the chart. `house` is the whole-sign house from the lagna, null when the birth time is unknown. */
export const ChartPlanet = z.object({
  body: z.enum(BODIES),
  ...ZodiacPlaceFields,
  /** Moving backwards in longitude (the Sun and the Moon never; Rahu and Ketu, the mean nodes, always). */
  retrograde: z.boolean(),
  house: House.nullable(),
});
export type ChartPlanet = z.infer<typeof ChartPlanet>;

/** The ascendant: the sidereal sign rising on the eastern horizon at the birth instant. */
export const ChartLagna = z.object(ZodiacPlaceFields);
export type ChartLagna = z.infer<typeof ChartLagna>;

/** Whole-sign houses: house 1 is the lagna's sign, house 2 the next sign, and so on; with the bodies in each. */
export const ChartHouse = z.object({ house: House, sign: Sign, bodies: z.array(z.enum(BODIES)) });
export type ChartHouse = z.infer<typeof ChartHouse>;

export const Ayanamsa = z.object({ name: z.literal('lahiri'), degrees: Degrees });
export type Ayanamsa = z.infer<typeof Ayanamsa>;

/** A saved chart, as every chart call answers it. */
export const AstroChart = z.object({
  id: z.number().int(),
  name: z.string(),
  birthDate: z.string(),
  birthTime: z.string().nullable(),
  place: z.object({ name: z.string(), latitude: z.number(), longitude: z.number() }),
  /** The IANA zone whose historical offset turned the local wall time into `utc`. */
  timeZone: z.string(),
  /** That offset at the birth instant, in minutes east of UTC (330 for +05:30; may be fractional before 1942, e.g. 321.1667 for +05:21:10). */
  utcOffsetMinutes: z.number(),
  /** The offset as text, `+05:30` or `+05:21:10`. */
  utcOffset: z.string(),
  /** The instant computed for (`1947-08-15T00:00:00.000Z`); local noon when the birth time is unknown. */
  utc: z.string(),
  timeKnown: z.boolean(),
  ayanamsa: Ayanamsa,
  lagna: ChartLagna.nullable(),
  planets: z.array(ChartPlanet),
  /** null when the birth time is unknown. */
  houses: z.array(ChartHouse).nullable(),
  /** The Moon's sidereal sign (rashi). */
  moonSign: Sign,
  /** The Sun's sidereal sign. */
  sunSign: Sign,
  /** The Moon's nakshatra (janma nakshatra) and its pada. */
  nakshatra: NakshatraCode,
  nakshatraPada: Pada,
  createdAt: z.string(),
});
export type AstroChart = z.infer<typeof AstroChart>;

/** `GET /api/astro/charts`: the caller's charts, newest first (the full charts; they are small). */
export const AstroChartList = z.array(AstroChart);
export type AstroChartList = z.infer<typeof AstroChartList>;

/** `GET /api/astro/panchang?date=YYYY-MM-DD&latitude=&longitude=[&timeZone=]` */
export const PanchangQuery = z.object({
  date: AstroDate,
  latitude: z.coerce.number({ error: 'latitude is a number' }).pipe(Latitude),
  longitude: z.coerce.number({ error: 'longitude is a number' }).pipe(Longitude),
  timeZone: TimeZoneName.optional(),
});
export type PanchangQuery = z.input<typeof PanchangQuery>;

/** An instant with the place's offset, `2026-11-27T06:41:07+05:30`. */
const LocalInstant = z.string();

/**
 * The day's panchang at a place: each element is the one prevailing at sunrise (at local
 * 06:00 where the Sun does not rise), with the instant it ends (which may be the next day).
 */
export const Panchang = z.object({
  date: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
  utcOffset: z.string(),
  /** null on a day without sunrise or sunset (polar latitudes). */
  sunrise: LocalInstant.nullable(),
  sunset: LocalInstant.nullable(),
  vara: z.enum(VARAS),
  tithi: z.object({ number: z.number().int().min(1).max(30), paksha: z.enum(PAKSHAS), endsAt: LocalInstant }),
  nakshatra: z.object({ code: NakshatraCode, endsAt: LocalInstant }),
  yoga: z.object({ code: z.enum(YOGAS), endsAt: LocalInstant }),
  karana: z.object({ code: z.enum(KARANAS), endsAt: LocalInstant }),
  /** Sidereal signs of the Moon and the Sun at sunrise. */
  moonSign: Sign,
  sunSign: Sign,
  ayanamsa: Ayanamsa,
});
export type Panchang = z.infer<typeof Panchang>;

/** `POST /api/astro/charts/{id}/ask` */
export const AskBody = z.strictObject({
  question: z.string({ error: 'question is text' }).trim().min(1, 'Write a question').max(ASTRO_LIMITS.questionMax),
  language: z.enum(LANGUAGES, { error: `language is one of ${LANGUAGES.join(', ')}` }),
});
export type AskBody = z.infer<typeof AskBody>;

/** A computed fact an answer used: a stable key, its value (a code or number), and a line in the asker's language. */
export const AstroFact = z.object({
  /** `moonSign`, `sunSign`, `lagna`, `nakshatra`, `planet.saturn.sign`, `planet.saturn.house`, `panchang.tithi`... */
  key: z.string(),
  value: z.union([z.string(), z.number()]),
  text: z.string(),
});
export type AstroFact = z.infer<typeof AstroFact>;

export const ASK_INTENTS = [
  'moon_sign',
  'sun_sign',
  'lagna',
  'nakshatra',
  'panchang',
  'planet',
  'dosha',
  'general',
  'declined',
  'crisis',
  'life_area',
] as const;
export type AskIntent = (typeof ASK_INTENTS)[number];

/**
 * The answer. `kind: 'crisis'` carries no astrology: the answer names Tele-MANAS 14416 and 112,
 * and the web app shows those helplines and the SOS button. `declined` answers a question the
 * assistant will not predict (death, illness, exams, court, money...). Every astrology answer
 * (`answer`, `declined`) ends with the line that it is cultural guidance, not advice.
 */
export const AskResponse = z.object({
  answer: z.string(),
  facts: z.array(AstroFact),
  kind: z.enum(['answer', 'declined', 'crisis']),
  intent: z.enum(ASK_INTENTS),
  /** Who wrote it: the built-in templates or the configured language model. */
  answerer: z.enum(['builtin', 'llm']),
  language: z.enum(LANGUAGES),
});
export type AskResponse = z.infer<typeof AskResponse>;
