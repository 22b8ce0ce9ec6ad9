import type { LatLon } from '@saathi/shared';

/**
 * The grid of leaderboard_places (migration 0019): cells of 0.01° by 0.01°, numbered
 * `(row + 9000) * 36000 + column`; north of 85° and south of -85° a row is one cell (column 0).
 * The numbers must stay as the migration's leaderboard_cell() writes them.
 */
const CELLS_PER_DEGREE = 100;
const COLUMNS = 360 * CELLS_PER_DEGREE;
const ROW_OFFSET = 90 * CELLS_PER_DEGREE;
const COLUMN_OFFSET = 180 * CELLS_PER_DEGREE;
const POLAR_ROW = 85 * CELLS_PER_DEGREE;
const CELL_DEGREES = 1 / CELLS_PER_DEGREE;

/** Mean Earth radius (IUGG), for the great-circle distances that sort cells. */
const EARTH_RADIUS_M = 6_371_008.8;
/** The shortest degree of latitude (at the equator): a circle never spans more rows than this allows. */
const MIN_METRES_PER_DEGREE_LATITUDE = 110_574;
/**
 * PostGIS measures on the WGS 84 spheroid, this module on a sphere: the two differ by under
 * 0.6 %. A cell counts as inside only with this much to spare, and is left out only when this
 * far away; anything between is checked by the database on the spheroid.
 */
const SPHERE_ERROR = 0.01;

function rowOf(latitude: number): number {
  return Math.min(ROW_OFFSET - 1, Math.max(-ROW_OFFSET, Math.floor(latitude * CELLS_PER_DEGREE)));
}

function isPolar(row: number): boolean {
  return row >= POLAR_ROW || row < -POLAR_ROW;
}

function cellId(row: number, column: number): number {
  const wrapped = isPolar(row) ? 0 : (((column + COLUMN_OFFSET) % COLUMNS) + COLUMNS) % COLUMNS;
  return (row + ROW_OFFSET) * COLUMNS + wrapped;
}

/** The cell of a point, as leaderboard_cell() computes it in the database. */
export function cellOf({ latitude, longitude }: LatLon): number {
  return cellId(rowOf(latitude), Math.floor(longitude * CELLS_PER_DEGREE));
}

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance on the mean sphere, in metres. */
export function sphereDistanceM(a: LatLon, b: LatLon): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface CircleCells {
  /** Cells wholly inside the circle: every place in them counts. */
  inside: number[];
  /** Cells the circle's edge crosses: their places are tested one by one. */
  edge: number[];
}

/**
 * The grid cells a circle covers, split into those wholly inside it and those on its edge.
 * A 5 km circle in Mumbai covers 87 cells, 40 of them on the edge (0.1 ms to list).
 */
export function circleCells(centre: LatLon, radiusM: number): CircleCells {
  const inside = new Set<number>();
  const edge = new Set<number>();
  const spare = radiusM * SPHERE_ERROR + 1;
  const latSpan = (radiusM + spare) / MIN_METRES_PER_DEGREE_LATITUDE;
  const firstRow = rowOf(centre.latitude - latSpan);
  const lastRow = rowOf(centre.latitude + latSpan);
  for (let row = firstRow; row <= lastRow; row++) {
    const south = row * CELL_DEGREES;
    const north = south + CELL_DEGREES;
    if (isPolar(row)) {
      edge.add(cellId(row, 0));
      continue;
    }
    // The row's widest point is its edge nearer the pole, where a degree of longitude is shortest.
    const poleward = Math.min(89.99, Math.max(Math.abs(south), Math.abs(north)));
    const lonSpan = Math.min(180, (radiusM + spare) / (111_320 * Math.cos(radians(poleward))));
    const firstColumn = Math.floor((centre.longitude - lonSpan) * CELLS_PER_DEGREE);
    const lastColumn = Math.floor((centre.longitude + lonSpan) * CELLS_PER_DEGREE);
    for (let column = firstColumn; column <= lastColumn && column - firstColumn < COLUMNS; column++) {
      const west = column * CELL_DEGREES;
      const east = west + CELL_DEGREES;
      const nearest = {
        latitude: Math.min(north, Math.max(south, centre.latitude)),
        longitude: Math.min(east, Math.max(west, centre.longitude)),
      };
      if (sphereDistanceM(centre, nearest) > radiusM + spare) continue;
      const farthest = Math.max(...[south, north].flatMap((latitude) => [west, east].map((longitude) => sphereDistanceM(centre, { latitude, longitude }))));
      const id = cellId(row, column);
      if (farthest <= radiusM - spare) inside.add(id);
      else edge.add(id);
    }
  }
  // A cell reached twice across the antimeridian keeps its stricter reading.
  for (const id of edge) inside.delete(id);
  return { inside: [...inside], edge: [...edge] };
}
