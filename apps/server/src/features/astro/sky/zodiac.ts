import { NAKSHATRAS, SIGNS, type Nakshatra, type Sign } from '@saathi/shared';
import { norm360 } from './angles';

const NAKSHATRA_SPAN = 360 / 27;
const PADA_SPAN = NAKSHATRA_SPAN / 4;

export interface ZodiacPlace {
  sign: Sign;
  /** [0, 30) */
  degreeInSign: number;
  nakshatra: Nakshatra;
  /** 1..4 */
  pada: number;
}

/** Where a sidereal longitude falls: sign, degree in sign, nakshatra and pada. */
export function zodiacPlaceOf(siderealLongitude: number): ZodiacPlace {
  const longitude = norm360(siderealLongitude);
  const signIndex = Math.floor(longitude / 30);
  const nakshatraIndex = Math.floor(longitude / NAKSHATRA_SPAN);
  return {
    sign: SIGNS[signIndex] as Sign,
    degreeInSign: longitude - signIndex * 30,
    nakshatra: NAKSHATRAS[nakshatraIndex] as Nakshatra,
    pada: Math.floor((longitude - nakshatraIndex * NAKSHATRA_SPAN) / PADA_SPAN) + 1,
  };
}

export function signIndexOf(sign: Sign): number {
  return SIGNS.indexOf(sign);
}

/** Whole-sign house (1..12) of a sign counted from the lagna's sign. */
export function wholeSignHouse(sign: Sign, lagnaSign: Sign): number {
  return ((signIndexOf(sign) - signIndexOf(lagnaSign) + 12) % 12) + 1;
}

export { NAKSHATRA_SPAN };
