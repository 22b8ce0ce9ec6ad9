import { SIGNS, type AskIntent, type AstroChart, type AstroFact, type ChartPlanet, type Language, type Panchang, type Sign } from '@saathi/shared';
import type { AstroTermsCatalog } from '@saathi/shared/astro-terms';
import { transitsAt, type Transit } from '../sky/transits';
import type { Intent } from './intents';
import { GAZE, HOUSE_OF_AREA, SIGN_LORD, type LifeArea } from './life-areas';
import { bodyName, degreesText, fact, fill, ordinalOf, planetFacts, signName, termsOf } from './wording';

export interface Answer {
  answer: string;
  facts: AstroFact[];
  kind: 'answer' | 'declined' | 'crisis';
  intent: AskIntent;
}

export interface AnswerContext {
  chart: AstroChart;
  language: Language;
  /** Today's panchang at the chart's place, computed only when a question needs it. */
  today: () => Panchang;
  /** The moment of the question: the transits of Saturn and Jupiter are read for it. */
  now: Date;
}

/** The line every astrology answer ends with. */
export function withDisclaimer(text: string, language: Language): string {
  return `${text}\n\n${termsOf(language).assistant.disclaimer}`;
}

/** No astrology: the helplines and the SOS button. */
export function crisisAnswer(language: Language): Answer {
  return { answer: termsOf(language).assistant.crisis, facts: [], kind: 'crisis', intent: 'crisis' };
}

export function declinedAnswer({ chart, language }: AnswerContext): Answer {
  const terms = termsOf(language);
  const text = fill(terms.assistant.declined, { moonSign: signName(terms, chart.moonSign), nakshatra: terms.nakshatra[chart.nakshatra] });
  return { answer: withDisclaimer(text, language), facts: [moonSignFact(terms, chart), nakshatraFact(terms, chart)], kind: 'declined', intent: 'declined' };
}

/** Answers from templates that quote the computed facts, and lists the facts used. */
export function builtinAnswer(intent: Intent, context: AnswerContext): Answer {
  const { text, facts } = compose(intent, context);
  return { answer: withDisclaimer(text, context.language), facts, kind: 'answer', intent: intent.kind };
}

/** The facts the language model is given for an intent (the same the template would quote). */
export function factsFor(intent: Intent, context: AnswerContext): AstroFact[] {
  return compose(intent, context).facts;
}

function planetOf(chart: AstroChart, body: ChartPlanet['body']): ChartPlanet {
  return chart.planets.find((planet) => planet.body === body) as ChartPlanet;
}

function moonSignFact(terms: AstroTermsCatalog, chart: AstroChart): AstroFact {
  return fact('moonSign', chart.moonSign, terms.element.moonSign, signName(terms, chart.moonSign));
}

function nakshatraFact(terms: AstroTermsCatalog, chart: AstroChart): AstroFact {
  return fact('nakshatra', chart.nakshatra, terms.element.birthNakshatra, `${terms.nakshatra[chart.nakshatra]}, ${terms.element.pada} ${chart.nakshatraPada}`);
}

function lagnaFact(terms: AstroTermsCatalog, chart: AstroChart): AstroFact {
  return chart.lagna
    ? fact('lagna', chart.lagna.sign, terms.element.lagna, `${signName(terms, chart.lagna.sign)} ${degreesText(chart.lagna.degreeInSign)}`)
    : fact('lagna', 'unknown', terms.element.lagna, terms.assistant.unknown);
}

/** `HH:MM`, with the date when it is not `date`. */
function clock(iso: string | null, date: string): string {
  if (!iso) return '—';
  return iso.slice(0, 10) === date ? iso.slice(11, 16) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function compose(intent: Intent, { chart, language, today, now }: AnswerContext): { text: string; facts: AstroFact[] } {
  const terms = termsOf(language);
  const t = terms.assistant;
  const moon = planetOf(chart, 'moon');
  switch (intent.kind) {
    case 'moon_sign':
      return {
        text: fill(t.moonSign, {
          sign: signName(terms, moon.sign),
          degree: degreesText(moon.degreeInSign),
          nakshatra: terms.nakshatra[moon.nakshatra],
          pada: moon.pada,
        }),
        facts: [moonSignFact(terms, chart), ...planetFacts(terms, moon).slice(0, 2)],
      };
    case 'sun_sign': {
      const sun = planetOf(chart, 'sun');
      const tropicalSign = signName(terms, signOfLongitude(sun.tropicalLongitude));
      return {
        text: fill(t.sunSign, {
          sign: signName(terms, sun.sign),
          degree: degreesText(sun.degreeInSign),
          tropicalSign,
          ayanamsa: degreesText(chart.ayanamsa.degrees),
        }),
        facts: [
          fact('sunSign', sun.sign, terms.element.sunSign, signName(terms, sun.sign)),
          fact(
            'ayanamsa',
            Number(chart.ayanamsa.degrees.toFixed(4)),
            terms.element.ayanamsa,
            `${terms.ayanamsa.lahiri} ${degreesText(chart.ayanamsa.degrees)}`,
          ),
        ],
      };
    }
    case 'lagna': {
      const lagna = chart.lagna;
      if (!lagna) return { text: t.lagnaUnknown, facts: [lagnaFact(terms, chart)] };
      const text = fill(t.lagna, {
        sign: signName(terms, lagna.sign),
        degree: degreesText(lagna.degreeInSign),
        nakshatra: terms.nakshatra[lagna.nakshatra],
        utc: chart.utc.slice(0, 16).replace('T', ' '),
        local: `${chart.birthDate} ${chart.birthTime ?? ''}`.trim(),
        offset: chart.utcOffset,
      });
      return { text, facts: [lagnaFact(terms, chart), fact('utc', chart.utc, 'UTC', `${chart.utc.slice(0, 16).replace('T', ' ')} (UTC${chart.utcOffset})`)] };
    }
    case 'nakshatra':
      return {
        text: fill(t.nakshatra, {
          nakshatra: terms.nakshatra[chart.nakshatra],
          pada: chart.nakshatraPada,
          sign: signName(terms, moon.sign),
          degree: degreesText(moon.degreeInSign),
        }),
        facts: [nakshatraFact(terms, chart), moonSignFact(terms, chart)],
      };
    case 'panchang':
      return panchangText(terms, chart, today());
    case 'planet':
      return planetText(terms, chart, intent.body, intent.askedHouse);
    case 'life_area':
      return lifeAreaText(terms, chart, intent.area, now);
    case 'dosha': {
      const mars = planetOf(chart, 'mars');
      const marsText = mars.house === null ? t.doshaMarsUnknown : fill(t.doshaMars, { house: mars.house });
      return { text: fill(t.dosha, { marsText }), facts: planetFacts(terms, mars) };
    }
    default:
      return {
        text: fill(t.general, {
          moonSign: signName(terms, chart.moonSign),
          nakshatra: terms.nakshatra[chart.nakshatra],
          lagna: chart.lagna ? signName(terms, chart.lagna.sign) : t.unknown,
        }),
        facts: [moonSignFact(terms, chart), nakshatraFact(terms, chart), lagnaFact(terms, chart)],
      };
  }
}

function signOfLongitude(longitude: number): Sign {
  return SIGNS[Math.floor((((longitude % 360) + 360) % 360) / 30)] as Sign;
}

function panchangText(terms: AstroTermsCatalog, chart: AstroChart, day: Panchang): { text: string; facts: AstroFact[] } {
  const tithi = terms.tithi[String(day.tithi.number) as keyof AstroTermsCatalog['tithi']];
  const text = fill(terms.assistant.panchang, {
    date: day.date,
    place: chart.place.name,
    vara: terms.vara[day.vara],
    tithi,
    tithiEnd: clock(day.tithi.endsAt, day.date),
    nakshatra: terms.nakshatra[day.nakshatra.code],
    nakshatraEnd: clock(day.nakshatra.endsAt, day.date),
    yoga: terms.yoga[day.yoga.code],
    yogaEnd: clock(day.yoga.endsAt, day.date),
    karana: terms.karana[day.karana.code],
    karanaEnd: clock(day.karana.endsAt, day.date),
    sunrise: clock(day.sunrise, day.date),
    sunset: clock(day.sunset, day.date),
  });
  const e = terms.element;
  return {
    text,
    facts: [
      fact('panchang.vara', day.vara, e.vara, terms.vara[day.vara]),
      fact('panchang.tithi', day.tithi.number, e.tithi, `${tithi} (${terms.paksha[day.tithi.paksha]}) → ${day.tithi.endsAt}`),
      fact('panchang.nakshatra', day.nakshatra.code, e.nakshatra, `${terms.nakshatra[day.nakshatra.code]} → ${day.nakshatra.endsAt}`),
      fact('panchang.yoga', day.yoga.code, e.yoga, `${terms.yoga[day.yoga.code]} → ${day.yoga.endsAt}`),
      fact('panchang.karana', day.karana.code, e.karana, `${terms.karana[day.karana.code]} → ${day.karana.endsAt}`),
      fact('panchang.sunrise', day.sunrise ?? '', e.sunrise, day.sunrise ?? '—'),
      fact('panchang.sunset', day.sunset ?? '', e.sunset, day.sunset ?? '—'),
    ],
  };
}

function planetText(terms: AstroTermsCatalog, chart: AstroChart, body: ChartPlanet['body'], askedHouse: number | null): { text: string; facts: AstroFact[] } {
  const t = terms.assistant;
  const planet = planetOf(chart, body);
  const name = bodyName(terms, body);
  const parts = [
    fill(t.planet, {
      planet: name,
      sign: signName(terms, planet.sign),
      degree: degreesText(planet.degreeInSign),
      nakshatra: terms.nakshatra[planet.nakshatra],
      retrograde: planet.retrograde ? t.retrograde : '',
    }),
  ];
  if (planet.house === null) {
    parts.push(t.planetNoHouse);
  } else {
    parts.push(fill(t.planetHouse, { house: ordinalOf(terms, planet.house) }).trim());
    if (askedHouse !== null && askedHouse !== planet.house) {
      parts.push(fill(t.otherHouse, { planet: name, asked: ordinalOf(terms, askedHouse), house: ordinalOf(terms, planet.house) }));
    }
  }
  const house = askedHouse ?? planet.house;
  if (house !== null) {
    const topic = t.houseTopic[String(house) as keyof typeof t.houseTopic];
    parts.push(fill(t.houseMeaning, { house: ordinalOf(terms, house), topic, planet: name, nature: t.bodyNature[body] }));
  }
  return { text: parts.join(' '), facts: planetFacts(terms, planet) };
}

/** The sign `house` houses on from `from` (whole signs). */
function signFrom(from: Sign, house: number): Sign {
  return SIGNS[(SIGNS.indexOf(from) + house - 1) % 12] as Sign;
}

/** The whole-sign house of `sign` counted from `from` (1..12). */
function houseFrom(from: Sign, sign: Sign): number {
  return ((SIGNS.indexOf(sign) - SIGNS.indexOf(from) + 12) % 12) + 1;
}

/**
 * A life question ("Is this a good year for my career?") answered from the chart: the house
 * the tradition reads for it (from the lagna, or from the Moon's sign without a birth time),
 * its sign and lord, where the lord sits, and where Saturn and Jupiter are moving now relative
 * to that house (over it, gazing at it, or elsewhere), in calm words and never as a forecast.
 */
function lifeAreaText(terms: AstroTermsCatalog, chart: AstroChart, area: LifeArea, now: Date): { text: string; facts: AstroFact[] } {
  const t = terms.assistant;
  const from = chart.lagna?.sign ?? chart.moonSign;
  const house = HOUSE_OF_AREA[area];
  const sign = signFrom(from, house);
  const lord = planetOf(chart, SIGN_LORD[sign]);
  const lordHouse = houseFrom(from, lord.sign);
  const areaName = t.areaName[area];
  const lordName = bodyName(terms, lord.body);
  const parts = [
    fill(t.areaIntro, { area: areaName, house: ordinalOf(terms, house), from: chart.lagna ? '' : t.areaFromMoon, sign: signName(terms, sign), lord: lordName }),
    lordHouse === house
      ? fill(t.lordOwn, { lord: lordName })
      : fill(t.lordPlace, {
          lord: lordName,
          lordHouse: ordinalOf(terms, lordHouse),
          lordSign: signName(terms, lord.sign),
          area: areaName,
          lordTopic: t.houseTopic[String(lordHouse) as keyof typeof t.houseTopic],
        }),
  ];
  const facts: AstroFact[] = [
    fact('lifeArea.house', house, terms.element.house, `${house} · ${signName(terms, sign)}`),
    fact('lifeArea.lord', lord.body, t.lordLabel, lordName),
    fact(`planet.${lord.body}.house`, lordHouse, `${lordName} · ${terms.element.house}`, `${lordHouse} · ${signName(terms, lord.sign)}`),
  ];
  for (const transit of transitsAt(now, ['saturn', 'jupiter'])) {
    const transitHouse = houseFrom(from, transit.sign);
    parts.push(transitText(terms, transit, transitHouse, house));
    const name = bodyName(terms, transit.body);
    facts.push(
      fact(
        `transit.${transit.body}.sign`,
        transit.sign,
        `${name} · ${t.transitLabel}`,
        `${signName(terms, transit.sign)} ${degreesText(transit.degreeInSign)}`,
      ),
      fact(`transit.${transit.body}.house`, transitHouse, `${name} · ${t.transitLabel} · ${terms.element.house}`, String(transitHouse)),
    );
  }
  parts.push(t.areaClosing);
  if (area === 'health') parts.push(t.healthNote);
  return { text: parts.join(' '), facts };
}

function transitText(terms: AstroTermsCatalog, transit: Transit, transitHouse: number, house: number): string {
  const t = terms.assistant;
  const values = {
    planet: bodyName(terms, transit.body),
    sign: signName(terms, transit.sign),
    house: ordinalOf(terms, house),
    transitHouse: ordinalOf(terms, transitHouse),
    retro: transit.retrograde ? t.transitRetrograde : '',
    nature: t.transitNature[transit.body as keyof typeof t.transitNature],
  };
  if (transitHouse === house) return fill(t.transitOver, values);
  // Counted from the transiting planet, the house it looks at (the planet's own house is the first).
  const seen = ((house - transitHouse + 12) % 12) + 1;
  if ((GAZE[transit.body] ?? [7]).includes(seen)) return fill(t.transitGaze, values);
  return fill(t.transitElsewhere, { ...values, counted: ordinalOf(terms, ((transitHouse - house + 12) % 12) + 1) });
}
