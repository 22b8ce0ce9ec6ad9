import { Body as EngineBody, Ecliptic, EclipticGeoMoon, GeoVector, MakeTime, SiderealTime, SunPosition, e_tilt, type AstroTime } from 'astronomy-engine';
import type { Body } from '@saathi/shared';
import { lahiriTrue } from './ayanamsa';
import { norm360 } from './angles';

/**
 * Apparent geocentric ecliptic longitudes of date (true equinox and ecliptic of date, with
 * light time and aberration), from astronomy-engine, and the Lahiri ayanamsa of the same
 * instant. Rahu is the Moon's mean ascending node (Meeus, Astronomical Algorithms, 47.7),
 * moved to the true equinox by the nutation in longitude like every other longitude here;
 * Ketu is opposite.
 */
export interface SkyAt {
  time: AstroTime;
  /** Julian centuries of TT from J2000. */
  centuries: number;
  nutationLongitude: number;
  trueObliquity: number;
  ayanamsa: number;
}

export function skyAt(instant: Date | number): SkyAt {
  const time = MakeTime(new Date(instant));
  const tilt = e_tilt(time);
  const centuries = time.tt / 36525;
  const nutationLongitude = tilt.dpsi / 3600;
  return { time, centuries, nutationLongitude, trueObliquity: tilt.tobl, ayanamsa: lahiriTrue(centuries, nutationLongitude) };
}

const PLANETS: Partial<Record<Body, EngineBody>> = {
  mars: EngineBody.Mars,
  mercury: EngineBody.Mercury,
  jupiter: EngineBody.Jupiter,
  venus: EngineBody.Venus,
  saturn: EngineBody.Saturn,
};

/** The Moon's mean ascending node on the mean equinox of date (Meeus 47.7), degrees. */
export function meanNodeLongitude(centuries: number): number {
  const T = centuries;
  return norm360(125.0445479 - 1934.1362891 * T + 0.0020754 * T ** 2 + T ** 3 / 467441 - T ** 4 / 60616000);
}

export function sunLongitude(time: AstroTime): number {
  return SunPosition(time).elon;
}

export function moonLongitude(time: AstroTime): number {
  return EclipticGeoMoon(time).lon;
}

/** The apparent tropical longitude of a body, degrees in [0, 360). */
export function tropicalLongitude(body: Body, sky: SkyAt): number {
  switch (body) {
    case 'sun':
      return sunLongitude(sky.time);
    case 'moon':
      return norm360(moonLongitude(sky.time));
    case 'rahu':
      return norm360(meanNodeLongitude(sky.centuries) + sky.nutationLongitude);
    case 'ketu':
      return norm360(meanNodeLongitude(sky.centuries) + sky.nutationLongitude + 180);
    default:
      return norm360(Ecliptic(GeoVector(PLANETS[body] as EngineBody, sky.time, true)).elon);
  }
}

/** Greenwich apparent sidereal time, degrees. */
export function siderealTimeDegrees(sky: SkyAt): number {
  return SiderealTime(sky.time) * 15;
}
