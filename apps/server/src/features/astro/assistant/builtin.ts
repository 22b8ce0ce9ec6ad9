import { SIGNS, type AskIntent, type AstroChart, type AstroFact, type ChartPlanet, type Language, type Panchang, type Sign } from '@saathi/shared';
import type { AstroTermsCatalog } from '@saathi/shared/astro-terms';
import type { Intent } from './intents';
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

function compose(intent: Intent, { chart, language, today }: AnswerContext): { text: string; facts: AstroFact[] } {
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
