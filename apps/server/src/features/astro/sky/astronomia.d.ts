/**
 * Types for the parts of `astronomia` (Meeus, Astronomical Algorithms; VSOP87) the accuracy
 * tests use as the independent ephemeris. The package ships no types. Angles are radians.
 */
declare module 'astronomia/base' {
  export class Coord {
    lon: number;
    lat: number;
    range: number;
  }
  export function lightTime(distanceAu: number): number;
  export function J2000Century(jde: number): number;
}
declare module 'astronomia/julian' {
  export function DateToJD(date: Date): number;
  export function JDToDate(jd: number): Date;
}
declare module 'astronomia/deltat' {
  /** ΔT = TT − UT in seconds, for a decimal year. */
  export function deltaT(decimalYear: number): number;
}
declare module 'astronomia/nutation' {
  /** [Δψ, Δε] in radians. */
  export function nutation(jde: number): [number, number];
  export function meanObliquity(jde: number): number;
}
declare module 'astronomia/sidereal' {
  /** Greenwich apparent sidereal time, seconds of time in [0, 86400). */
  export function apparent(jd: number): number;
}
declare module 'astronomia/planetposition' {
  import type { Coord } from 'astronomia/base';
  export class Planet {
    constructor(series: object);
    /** Heliocentric, ecliptic and equinox of date. */
    position(jde: number): Coord;
  }
  export function toFK5(lon: number, lat: number, jde: number): { lon: number; lat: number };
}
declare module 'astronomia/solar' {
  import type { Coord } from 'astronomia/base';
  import type { Planet } from 'astronomia/planetposition';
  export function apparentVSOP87(earth: Planet, jde: number): Coord;
}
declare module 'astronomia/moonposition' {
  import type { Coord } from 'astronomia/base';
  /** Geocentric, mean equinox of date (no nutation); range in km. */
  export function position(jde: number): Coord;
  /** The mean ascending node, mean equinox of date. */
  export function node(jde: number): number;
}
declare module 'astronomia/apparent' {
  export function eclipticAberration(lon: number, lat: number, jde: number): [number, number];
}
declare module 'astronomia/coord' {
  export class Ecliptic {
    constructor(lon?: number, lat?: number);
    lon: number;
    lat: number;
  }
  export class Equatorial {
    constructor(ra?: number, dec?: number);
    ra: number;
    dec: number;
    toEcliptic(obliquity: number): Ecliptic;
  }
}
declare module 'astronomia/precess' {
  import type { Equatorial } from 'astronomia/coord';
  /** Precesses a position between Julian epochs with proper motion (radians per year). */
  export function position(from: Equatorial, epochFrom: number, epochTo: number, properMotionRa: number, properMotionDec: number): Equatorial;
}
declare module 'astronomia/data/vsop87Bearth' {
  const series: object;
  export default series;
}
declare module 'astronomia/data/vsop87Bmercury' {
  const series: object;
  export default series;
}
declare module 'astronomia/data/vsop87Bvenus' {
  const series: object;
  export default series;
}
declare module 'astronomia/data/vsop87Bmars' {
  const series: object;
  export default series;
}
declare module 'astronomia/data/vsop87Bjupiter' {
  const series: object;
  export default series;
}
declare module 'astronomia/data/vsop87Bsaturn' {
  const series: object;
  export default series;
}
