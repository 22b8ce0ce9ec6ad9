import { METRES_PER_DEGREE_LATITUDE, METRES_PER_DEGREE_LONGITUDE, VOLUNTEER_CELL_SIZE_M, type LatLon } from '@saathi/shared';

/**
 * The privacy grid of volunteers-nearby (DESIGN.md §8).
 *
 * Rows are bands of latitude VOLUNTEER_CELL_SIZE_M tall (a fixed number of degrees). Each
 * row is cut into columns whose width in degrees of longitude is chosen for ~250 m at the
 * row's centre latitude. A point's cell therefore depends only on the point (not on who
 * asks, from where, or with which radius), so repeated probing always meets the same cell
 * centre: the best any attacker can learn is the cell.
 *
 * The database computes the same cells (the volunteer_cell() SQL function of migration
 * 0012-volunteer-cells, stored beside each volunteer point); a test checks both agree. The
 * SOS and local-alert fan-outs measure their radii to these cells too, so their tests place
 * people with this code.
 */
export const LAT_STEP_DEG = VOLUNTEER_CELL_SIZE_M / METRES_PER_DEGREE_LATITUDE;

/** The longitude width of cells in the row centred on `rowCentreLat` (capped at the globe). */
export function lonStepDeg(rowCentreLat: number): number {
  return Math.min(360, VOLUNTEER_CELL_SIZE_M / (METRES_PER_DEGREE_LONGITUDE * Math.cos(rowCentreLat * (Math.PI / 180))));
}

/** The centre of the cell holding `point`. */
export function snapToCell(point: LatLon): LatLon {
  const latitude = Math.min(90, (Math.floor(point.latitude / LAT_STEP_DEG) + 0.5) * LAT_STEP_DEG);
  const step = lonStepDeg(latitude);
  const longitude = (Math.floor(point.longitude / step) + 0.5) * step;
  return { latitude, longitude };
}
