/**
 * The chart against an ephemeris astronomy-engine did not produce: Meeus's methods through
 * the `astronomia` package (reference-ephemeris.ts: VSOP87 for the Sun and planets,
 * ELP-2000/82 as truncated by Meeus for the Moon, IAU 1980 nutation, apparent sidereal time).
 * Both sides subtract the same Lahiri formula (ayanamsa.test checks it on its own), with each
 * side's own nutation. Source of the method: J. Meeus, Astronomical Algorithms, 2nd ed. 1998.
 */
import { describe, expect, it } from 'vitest';
import { BODIES } from '@saathi/shared';
import { DEG, norm360, wrap180 } from './angles';
import { lahiriTrue } from './ayanamsa';
import { computeChart } from './chart';
import { ascendantLongitude } from './lagna';
import { INDIAN_PLACES, type IndianPlace } from './indian-places.test-support';
import { referenceInstant, referenceLongitude } from './reference-ephemeris';

/** 24 birth moments from 1900 to 2100, local Indian time, across the country and the day. */
const BIRTHS: [date: string, time: string, place: IndianPlace][] = [
  ['1900-01-01', '06:00', 'kolkata'],
  ['1905-07-19', '14:35', 'mumbai'],
  ['1912-03-03', '23:50', 'chennai'],
  ['1921-10-28', '04:10', 'delhi'],
  ['1930-05-12', '12:00', 'ahmedabad'],
  ['1943-09-09', '09:15', 'kolkata'],
  ['1947-08-15', '00:00', 'delhi'],
  ['1955-12-31', '18:45', 'srinagar'],
  ['1962-02-05', '07:30', 'guwahati'],
  ['1969-07-21', '08:26', 'thiruvananthapuram'],
  ['1977-11-14', '21:05', 'mumbai'],
  ['1984-06-03', '03:33', 'ahmedabad'],
  ['1991-01-26', '10:10', 'chennai'],
  ['1999-08-11', '16:40', 'delhi'],
  ['2004-12-26', '06:29', 'chennai'],
  ['2011-04-02', '22:55', 'mumbai'],
  ['2019-09-19', '13:13', 'srinagar'],
  ['2024-04-08', '23:51', 'ahmedabad'],
  ['2033-03-30', '05:05', 'guwahati'],
  ['2047-08-15', '00:00', 'delhi'],
  ['2058-01-17', '11:11', 'kolkata'],
  ['2071-10-09', '19:20', 'thiruvananthapuram'],
  ['2086-06-21', '12:00', 'ahmedabad'],
  ['2100-12-31', '23:59', 'mumbai'],
];

const ONE_ARCMINUTE = 1 / 60;
const errors: Record<string, number> = { lagna: 0 };

describe('birth charts against an independent ephemeris (Meeus / astronomia)', () => {
  it.each(BIRTHS)('%s %s at %s: sidereal longitudes within 1′, lagna within 0.1°', (date, time, placeName) => {
    const [latitude, longitude] = INDIAN_PLACES[placeName];
    const chart = computeChart({ birthDate: date, birthTime: time, latitude, longitude, timeZone: 'Asia/Kolkata' });
    const reference = referenceInstant(new Date(chart.utc));
    const ayanamsa = lahiriTrue(reference.centuries, reference.nutationLongitudeDeg);

    for (const body of BODIES) {
      const planet = chart.planets.find((p) => p.body === body);
      const expected = norm360(referenceLongitude(body, reference) - ayanamsa);
      const error = Math.abs(wrap180((planet?.siderealLongitude ?? NaN) - expected));
      errors[body] = Math.max(errors[body] ?? 0, error);
      expect(error, `${body}: ${planet?.siderealLongitude} vs ${expected}`).toBeLessThan(ONE_ARCMINUTE);
    }

    const expectedLagna = norm360(ascendantLongitude(reference.siderealDeg + longitude, reference.trueObliquityDeg, latitude) - ayanamsa);
    const lagnaError = Math.abs(wrap180((chart.lagna?.siderealLongitude ?? NaN) - expectedLagna));
    errors.lagna = Math.max(errors.lagna ?? 0, lagnaError);
    expect(lagnaError).toBeLessThan(0.1);
  });

  it('keeps the largest differences well inside the bounds (reported per body, in arcseconds)', () => {
    const arcseconds = Object.fromEntries(Object.entries(errors).map(([name, degrees]) => [name, Math.round(degrees * 36000) / 10]));
    // The Moon carries most of it: Meeus's truncated lunar theory is good to about 10″.
    for (const body of BODIES) expect(arcseconds[body]).toBeLessThan(20);
    expect(arcseconds.lagna).toBeLessThan(2);
    process.stdout.write(`astro accuracy, max error in arcseconds: ${JSON.stringify(arcseconds)}\n`);
  });
});

describe('the lagna formula', () => {
  it.each(BIRTHS.slice(0, 12))('%s %s at %s: the lagna is on the eastern horizon (altitude 0, hour angle negative)', (date, time, placeName) => {
    const [latitude, longitude] = INDIAN_PLACES[placeName];
    const chart = computeChart({ birthDate: date, birthTime: time, latitude, longitude, timeZone: 'Asia/Kolkata' });
    const reference = referenceInstant(new Date(chart.utc));
    const lambda = (chart.lagna?.tropicalLongitude ?? NaN) * DEG;
    const epsilon = reference.trueObliquityDeg * DEG;
    // Ecliptic point (β = 0) to equator of date, then to the horizon (Meeus 13.3, 13.4, 13.6).
    const ra = Math.atan2(Math.sin(lambda) * Math.cos(epsilon), Math.cos(lambda));
    const dec = Math.asin(Math.sin(epsilon) * Math.sin(lambda));
    const hourAngle = wrap180(reference.siderealDeg + longitude - ra / DEG) * DEG;
    const phi = latitude * DEG;
    const altitude = Math.asin(Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.cos(hourAngle)) / DEG;
    expect(Math.abs(altitude)).toBeLessThan(0.01);
    expect(hourAngle).toBeLessThan(0);
  });
});

describe('published values', () => {
  it("India's independence chart (Delhi, 1947-08-15 00:00 IST): Taurus lagna, Sun, Moon, Mercury, Venus and Saturn in Cancer, Moon in Pushya", () => {
    const chart = computeChart({ birthDate: '1947-08-15', birthTime: '00:00', latitude: 28.6139, longitude: 77.209, timeZone: 'Asia/Kolkata' });
    expect(chart.utc).toBe('1947-08-14T18:30:00.000Z');
    expect(chart.lagna?.sign).toBe('taurus');
    expect(chart.moonSign).toBe('cancer');
    expect(chart.nakshatra).toBe('pushya');
    const signs = Object.fromEntries(chart.planets.map((p) => [p.body, p.sign]));
    expect(signs).toEqual({
      sun: 'cancer',
      moon: 'cancer',
      mars: 'gemini',
      mercury: 'cancer',
      jupiter: 'libra',
      venus: 'cancer',
      saturn: 'cancer',
      rahu: 'taurus',
      ketu: 'scorpio',
    });
    expect(chart.houses?.[2]).toEqual({ house: 3, sign: 'cancer', bodies: ['sun', 'moon', 'mercury', 'venus', 'saturn'] });
  });
});
