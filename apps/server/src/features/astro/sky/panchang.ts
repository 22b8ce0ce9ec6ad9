import { Body as EngineBody, MakeTime, Observer, SearchRiseSet } from 'astronomy-engine';
import { KARANAS, NAKSHATRAS, VARAS, YOGAS, type Karana, type Nakshatra, type Paksha, type Sign, type Vara, type Yoga } from '@saathi/shared';
import { norm360, wrap180 } from './angles';
import { moonLongitude, skyAt, sunLongitude } from './positions';
import { localTimeToUtc } from './time-zone';
import { NAKSHATRA_SPAN, zodiacPlaceOf } from './zodiac';

export interface PanchangInput {
  date: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** Instants as UTC milliseconds; the caller formats them in the place's zone. */
export interface ComputedPanchang {
  sunriseMs: number | null;
  sunsetMs: number | null;
  vara: Vara;
  tithi: { number: number; paksha: Paksha; endsAtMs: number };
  nakshatra: { code: Nakshatra; endsAtMs: number };
  yoga: { code: Yoga; endsAtMs: number };
  karana: { code: Karana; endsAtMs: number };
  moonSign: Sign;
  sunSign: Sign;
  ayanamsa: number;
}

/** The angles the five limbs are counted in, at one instant (degrees, sidereal where it matters). */
interface Angles {
  /** Moon − Sun: 12° per tithi, 6° per karana. */
  elongation: number;
  /** The Moon's sidereal longitude: 13°20′ per nakshatra. */
  moon: number;
  /** Sun + Moon, sidereal: 13°20′ per yoga. */
  sum: number;
  sun: number;
  ayanamsa: number;
}

function anglesAt(ms: number): Angles {
  const sky = skyAt(ms);
  const sun = norm360(sunLongitude(sky.time) - sky.ayanamsa);
  const moon = norm360(moonLongitude(sky.time) - sky.ayanamsa);
  return { elongation: norm360(moon - sun), moon, sum: norm360(moon + sun), sun, ayanamsa: sky.ayanamsa };
}

type AngleName = 'elongation' | 'moon' | 'sum';

/** Mean rates, degrees per day: the first guess of the root finder. */
const MEAN_RATE: Record<AngleName, number> = { elongation: 12.19, moon: 13.18, sum: 14.17 };
const DAY_MS = 86_400_000;
/** Stop when the angle is this close to the boundary (the Moon covers it in about 0.1 s). */
const TOLERANCE_DEG = 2e-5;

/**
 * When the angle next reaches `target` after `startMs`: secant steps from the mean rate, which
 * converge in three or four evaluations because the angles grow smoothly (never backwards).
 */
function findCrossing(angles: (ms: number) => Angles, name: AngleName, target: number, startMs: number, startValue: number): number {
  let previousMs = startMs;
  let previousGap = norm360(target - startValue);
  let rate = MEAN_RATE[name] / DAY_MS;
  let ms = startMs + previousGap / rate;
  for (let step = 0; step < 30; step += 1) {
    const gap = wrap180(target - angles(ms)[name]);
    if (Math.abs(gap) < TOLERANCE_DEG) return ms;
    const moved = previousGap - gap;
    if (ms !== previousMs && moved > 0) rate = moved / (ms - previousMs);
    previousMs = ms;
    previousGap = gap;
    ms += gap / rate;
  }
  return ms;
}

/** Memoised angles: the tithi and the karana often end at the same instant. */
function memoised(): (ms: number) => Angles {
  const cache = new Map<number, Angles>();
  return (ms) => {
    const key = Math.round(ms);
    let value = cache.get(key);
    if (!value) {
      value = anglesAt(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** The karana of the n-th half-tithi of the month (0..59). */
export function karanaOf(halfTithi: number): Karana {
  if (halfTithi === 0) return 'kimstughna';
  if (halfTithi >= 57) return KARANAS[7 + (halfTithi - 57)] as Karana;
  return KARANAS[(halfTithi - 1) % 7] as Karana;
}

/**
 * The day's panchang at a place: the limbs prevailing at sunrise (local 06:00 where the Sun
 * does not rise), each with the instant it ends. The vara is the weekday of the date, which
 * in the traditional reckoning runs from this sunrise to the next.
 */
export function computePanchang(input: PanchangInput): ComputedPanchang {
  const midnight = localTimeToUtc(input.date, '00:00', input.timeZone).utcMs;
  const observer = new Observer(input.latitude, input.longitude, 0);
  const rise = SearchRiseSet(EngineBody.Sun, observer, +1, MakeTime(new Date(midnight)), 1);
  const set = SearchRiseSet(EngineBody.Sun, observer, -1, rise ?? MakeTime(new Date(midnight)), 1);
  const sunriseMs = rise ? rise.date.getTime() : null;
  const sunsetMs = set ? set.date.getTime() : null;
  const startMs = sunriseMs ?? localTimeToUtc(input.date, '06:00', input.timeZone).utcMs;

  const angles = memoised();
  const now = angles(startMs);
  const tithiIndex = Math.floor(now.elongation / 12);
  const halfTithi = Math.floor(now.elongation / 6);
  const nakshatraIndex = Math.floor(now.moon / NAKSHATRA_SPAN);
  const yogaIndex = Math.floor(now.sum / NAKSHATRA_SPAN);
  const [year, month, day] = input.date.split('-').map(Number) as [number, number, number];

  return {
    sunriseMs,
    sunsetMs,
    vara: VARAS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] as Vara,
    tithi: {
      number: tithiIndex + 1,
      paksha: tithiIndex < 15 ? 'shukla' : 'krishna',
      endsAtMs: findCrossing(angles, 'elongation', norm360((tithiIndex + 1) * 12), startMs, now.elongation),
    },
    nakshatra: {
      code: NAKSHATRAS[nakshatraIndex] as Nakshatra,
      endsAtMs: findCrossing(angles, 'moon', norm360((nakshatraIndex + 1) * NAKSHATRA_SPAN), startMs, now.moon),
    },
    yoga: { code: YOGAS[yogaIndex] as Yoga, endsAtMs: findCrossing(angles, 'sum', norm360((yogaIndex + 1) * NAKSHATRA_SPAN), startMs, now.sum) },
    karana: { code: karanaOf(halfTithi), endsAtMs: findCrossing(angles, 'elongation', norm360((halfTithi + 1) * 6), startMs, now.elongation) },
    moonSign: zodiacPlaceOf(now.moon).sign,
    sunSign: zodiacPlaceOf(now.sun).sign,
    ayanamsa: now.ayanamsa,
  };
}
