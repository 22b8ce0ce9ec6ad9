import type { LatLon } from './coordinates';

/** SPEC.md §9: the radar's scale, metres per degree at the equator. */
export const METRES_PER_DEGREE_LONGITUDE = 111_320;
export const METRES_PER_DEGREE_LATITUDE = 110_574;

export interface RadarOffset {
  /** Metres east of the centre (negative: west). */
  eastM: number;
  /** Metres north of the centre (negative: south). */
  northM: number;
}

/**
 * Where `point` lies relative to `centre`, in metres, by SPEC.md's scale: longitude degrees
 * shrink with the cosine of the latitude, latitude degrees are constant.
 */
export function radarOffset(centre: LatLon, point: LatLon): RadarOffset {
  let deltaLon = point.longitude - centre.longitude;
  // Across the antimeridian the short way round is the one a person would walk.
  if (deltaLon > 180) deltaLon -= 360;
  if (deltaLon < -180) deltaLon += 360;
  const eastM = deltaLon * METRES_PER_DEGREE_LONGITUDE * Math.cos((centre.latitude * Math.PI) / 180);
  const northM = (point.latitude - centre.latitude) * METRES_PER_DEGREE_LATITUDE;
  return { eastM, northM };
}

export interface RadarPlacement {
  /** SVG coordinates: x grows east, y grows south (screen down). */
  x: number;
  y: number;
  distanceM: number;
  /** True when the point lay beyond the range and was pulled onto the outer ring. */
  clamped: boolean;
}

/**
 * Places `point` on a radar of `radiusPx` around (`centreX`, `centreY`) showing `rangeM`.
 * North is up. Points beyond the range sit on the outer ring so nothing is drawn off the radar.
 */
export function placeOnRadar(centre: LatLon, point: LatLon, rangeM: number, radar: { centreX: number; centreY: number; radiusPx: number }): RadarPlacement {
  const { eastM, northM } = radarOffset(centre, point);
  const distanceM = Math.hypot(eastM, northM);
  const scale = rangeM > 0 ? radar.radiusPx / rangeM : 0;
  const clamped = distanceM > rangeM;
  const factor = clamped && distanceM > 0 ? rangeM / distanceM : 1;
  return {
    x: radar.centreX + eastM * factor * scale,
    y: radar.centreY - northM * factor * scale,
    distanceM,
    clamped,
  };
}

/** Range rings: four evenly spaced rings, the outer one at the range itself. */
export function radarRings(rangeM: number, count = 4): number[] {
  return Array.from({ length: count }, (_, i) => Math.round((rangeM * (i + 1)) / count));
}

export type VolunteerIconKind = 'medical' | 'wrench' | 'person';
export type VolunteerColour = 'red' | 'blue' | 'orange' | 'green';

const MEDICAL: ReadonlySet<string> = new Set(['hospital', 'Doctor General', 'Doctor Emergency', 'Nurse']);
const MECHANIC: ReadonlySet<string> = new Set(['2 Wheeler Mechanic', '4 Wheeler Mechanic', '2&4 Wheeler Mechanic']);

/** SPEC.md §3: medical icon for hospital, doctors and nurses; a wrench for mechanics; else a person. */
export function volunteerIcon(profession: string | null | undefined): VolunteerIconKind {
  if (profession && MEDICAL.has(profession)) return 'medical';
  if (profession && MECHANIC.has(profession)) return 'wrench';
  return 'person';
}

/** SPEC.md §3: doctor red, police blue, firefighter orange, everyone else green. */
export function volunteerColour(profession: string | null | undefined): VolunteerColour {
  if (profession === 'Doctor General' || profession === 'Doctor Emergency') return 'red';
  if (profession === 'Police') return 'blue';
  if (profession === 'Firefighter') return 'orange';
  return 'green';
}
