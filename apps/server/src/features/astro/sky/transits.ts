import type { Body, Sign } from '@saathi/shared';
import { norm360, wrap180 } from './angles';
import { skyAt, tropicalLongitude } from './positions';
import { zodiacPlaceOf } from './zodiac';

export interface Transit {
  body: Body;
  sign: Sign;
  /** [0, 30) */
  degreeInSign: number;
  siderealLongitude: number;
  retrograde: boolean;
}

/** Retrograde as in chart.ts: the longitude falls between this many hours before and after. */
const MOTION_HALF_WINDOW_MS = 3 * 3600_000;

/**
 * Where bodies are in the sidereal zodiac (Lahiri) at an instant, from the same ephemeris and
 * ayanamsa as the birth chart: the gochara (transits) the assistant reads against a chart.
 */
export function transitsAt(instant: Date, bodies: readonly Body[]): Transit[] {
  const ms = instant.getTime();
  const sky = skyAt(ms);
  const before = skyAt(ms - MOTION_HALF_WINDOW_MS);
  const after = skyAt(ms + MOTION_HALF_WINDOW_MS);
  return bodies.map((body) => {
    const sidereal = norm360(tropicalLongitude(body, sky) - sky.ayanamsa);
    const { sign, degreeInSign } = zodiacPlaceOf(sidereal);
    const retrograde = body === 'sun' || body === 'moon' ? false : wrap180(tropicalLongitude(body, after) - tropicalLongitude(body, before)) < 0;
    return { body, sign, degreeInSign, siderealLongitude: sidereal, retrograde };
  });
}
