/**
 * An independent ephemeris for the accuracy tests, written from Jean Meeus, Astronomical
 * Algorithms (2nd ed., 1998) with the `astronomia` package: full VSOP87 for the Sun and the
 * planets (ch. 32–33: light time, aberration, FK5, nutation), Meeus's truncated ELP-2000/82
 * for the Moon (ch. 47, about 10″), IAU 1980 nutation (ch. 22), apparent sidereal time
 * (ch. 12), ΔT from Espenak and Meeus's polynomials. Nothing here comes from astronomy-engine.
 * Test code only: the app computes with astronomy-engine (positions.ts).
 */
import * as base from 'astronomia/base';
import * as deltat from 'astronomia/deltat';
import * as julian from 'astronomia/julian';
import * as moonposition from 'astronomia/moonposition';
import * as nutation from 'astronomia/nutation';
import * as apparent from 'astronomia/apparent';
import { Planet, toFK5 } from 'astronomia/planetposition';
import * as sidereal from 'astronomia/sidereal';
import * as solar from 'astronomia/solar';
import earthSeries from 'astronomia/data/vsop87Bearth';
import jupiterSeries from 'astronomia/data/vsop87Bjupiter';
import marsSeries from 'astronomia/data/vsop87Bmars';
import mercurySeries from 'astronomia/data/vsop87Bmercury';
import saturnSeries from 'astronomia/data/vsop87Bsaturn';
import venusSeries from 'astronomia/data/vsop87Bvenus';
import type { Body } from '@saathi/shared';
import { DEG, norm360 } from './angles';

const earth = new Planet(earthSeries);
const planets = {
  mercury: new Planet(mercurySeries),
  venus: new Planet(venusSeries),
  mars: new Planet(marsSeries),
  jupiter: new Planet(jupiterSeries),
  saturn: new Planet(saturnSeries),
};

export interface ReferenceInstant {
  jd: number;
  jde: number;
  /** Julian centuries of TT from J2000. */
  centuries: number;
  nutationLongitudeDeg: number;
  trueObliquityDeg: number;
  /** Greenwich apparent sidereal time, degrees. */
  siderealDeg: number;
}

export function referenceInstant(instant: Date): ReferenceInstant {
  const jd = julian.DateToJD(instant);
  const decimalYear = 2000 + (jd - 2451545.0) / 365.25;
  const jde = jd + deltat.deltaT(decimalYear) / 86400;
  const [dpsi, deps] = nutation.nutation(jde);
  return {
    jd,
    jde,
    centuries: base.J2000Century(jde),
    nutationLongitudeDeg: dpsi / DEG,
    trueObliquityDeg: (nutation.meanObliquity(jde) + deps) / DEG,
    siderealDeg: (sidereal.apparent(jd) / 240) % 360,
  };
}

/** Meeus 33: the geocentric apparent longitude of a planet, degrees (the ecliptic part of elliptic.position). */
function planetLongitude(planet: Planet, jde: number): number {
  const e = earth.position(jde);
  const geocentric = (lightTimeDays: number) => {
    const p = planet.position(jde - lightTimeDays);
    const x = p.range * Math.cos(p.lat) * Math.cos(p.lon) - e.range * Math.cos(e.lat) * Math.cos(e.lon);
    const y = p.range * Math.cos(p.lat) * Math.sin(p.lon) - e.range * Math.cos(e.lat) * Math.sin(e.lon);
    const z = p.range * Math.sin(p.lat) - e.range * Math.sin(e.lat);
    return { x, y, z };
  };
  const first = geocentric(0);
  const { x, y, z } = geocentric(base.lightTime(Math.hypot(first.x, first.y, first.z)));
  const lon = Math.atan2(y, x);
  const lat = Math.atan2(z, Math.hypot(x, y));
  const [dLon, dLat] = apparent.eclipticAberration(lon, lat, jde);
  const fk5 = toFK5(lon + dLon, lat + dLat, jde);
  return norm360((fk5.lon + nutation.nutation(jde)[0]) / DEG);
}

/** Apparent geocentric tropical longitude of date, degrees, by Meeus's methods. */
export function referenceLongitude(body: Body, at: ReferenceInstant): number {
  const nutationRad = at.nutationLongitudeDeg * DEG;
  switch (body) {
    case 'sun':
      return norm360(solar.apparentVSOP87(earth, at.jde).lon / DEG);
    case 'moon':
      return norm360((moonposition.position(at.jde).lon + nutationRad) / DEG);
    case 'rahu':
      return norm360((moonposition.node(at.jde) + nutationRad) / DEG);
    case 'ketu':
      return norm360((moonposition.node(at.jde) + nutationRad) / DEG + 180);
    default:
      return planetLongitude(planets[body], at.jde);
  }
}
