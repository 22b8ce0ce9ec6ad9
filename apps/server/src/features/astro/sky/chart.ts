import { BODIES, SIGNS, type Body, type ChartHouse, type ChartLagna, type ChartPlanet, type Nakshatra, type Sign } from '@saathi/shared';
import { norm360, wrap180 } from './angles';
import { ascendantLongitude } from './lagna';
import { siderealTimeDegrees, skyAt, tropicalLongitude, type SkyAt } from './positions';
import { formatOffset, localTimeToUtc } from './time-zone';
import { wholeSignHouse, zodiacPlaceOf } from './zodiac';

export interface ChartInput {
  birthDate: string;
  /** `HH:MM[:SS]` local wall time, or null when unknown (computed at local noon, without lagna or houses). */
  birthTime: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
}

export interface ComputedChart {
  utc: string;
  timeZone: string;
  utcOffsetMinutes: number;
  utcOffset: string;
  timeKnown: boolean;
  ayanamsa: { name: 'lahiri'; degrees: number };
  lagna: ChartLagna | null;
  planets: ChartPlanet[];
  houses: ChartHouse[] | null;
  moonSign: Sign;
  sunSign: Sign;
  nakshatra: Nakshatra;
  nakshatraPada: number;
}

/** Retrograde means the longitude decreases: compared over this many hours either side. */
const MOTION_HALF_WINDOW_MS = 3 * 3600_000;

/** A sidereal birth chart (Lahiri), from the local birth time resolved through the place's historical time zone. */
export function computeChart(input: ChartInput): ComputedChart {
  const timeKnown = input.birthTime !== null;
  const { utcMs, offsetSeconds } = localTimeToUtc(input.birthDate, input.birthTime ?? '12:00', input.timeZone);
  const sky = skyAt(utcMs);
  const before = skyAt(utcMs - MOTION_HALF_WINDOW_MS);
  const after = skyAt(utcMs + MOTION_HALF_WINDOW_MS);

  const lagna = timeKnown ? lagnaOf(sky, input.latitude, input.longitude) : null;
  const planets = BODIES.map((body) => planetOf(body, sky, before, after, lagna?.sign ?? null));
  const moon = planets[1] as ChartPlanet;
  const sun = planets[0] as ChartPlanet;
  return {
    utc: new Date(utcMs).toISOString(),
    timeZone: input.timeZone,
    utcOffsetMinutes: offsetSeconds / 60,
    utcOffset: formatOffset(offsetSeconds),
    timeKnown,
    ayanamsa: { name: 'lahiri', degrees: sky.ayanamsa },
    lagna,
    planets,
    houses: lagna ? housesOf(lagna.sign, planets) : null,
    moonSign: moon.sign,
    sunSign: sun.sign,
    nakshatra: moon.nakshatra,
    nakshatraPada: moon.pada,
  };
}

function planetOf(body: Body, sky: SkyAt, before: SkyAt, after: SkyAt, lagnaSign: Sign | null): ChartPlanet {
  const tropical = tropicalLongitude(body, sky);
  const sidereal = norm360(tropical - sky.ayanamsa);
  const place = zodiacPlaceOf(sidereal);
  // The Sun and the Moon never move backwards; the mean nodes always do.
  const retrograde = body === 'sun' || body === 'moon' ? false : wrap180(tropicalLongitude(body, after) - tropicalLongitude(body, before)) < 0;
  return {
    body,
    tropicalLongitude: tropical,
    siderealLongitude: sidereal,
    ...place,
    retrograde,
    house: lagnaSign ? wholeSignHouse(place.sign, lagnaSign) : null,
  };
}

function lagnaOf(sky: SkyAt, latitude: number, longitude: number): ChartLagna {
  const localSidereal = siderealTimeDegrees(sky) + longitude;
  const tropical = ascendantLongitude(localSidereal, sky.trueObliquity, latitude);
  const sidereal = norm360(tropical - sky.ayanamsa);
  return { tropicalLongitude: tropical, siderealLongitude: sidereal, ...zodiacPlaceOf(sidereal) };
}

function housesOf(lagnaSign: Sign, planets: ChartPlanet[]): ChartHouse[] {
  const first = SIGNS.indexOf(lagnaSign);
  return Array.from({ length: 12 }, (_, i) => {
    const sign = SIGNS[(first + i) % 12] as Sign;
    return { house: i + 1, sign, bodies: planets.filter((planet) => planet.sign === sign).map((planet) => planet.body) };
  });
}
