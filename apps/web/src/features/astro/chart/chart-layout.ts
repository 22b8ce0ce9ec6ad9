import { SIGNS, type Body, type Sign } from '@saathi/shared/astro';

/** What the drawings need of a chart: the sign of house 1, whether it is the lagna, and the bodies by sign. */
export interface ChartModel {
  /** The lagna's sign; when the birth time is unknown, the Moon's sign (Chandra lagna) stands in for it. */
  firstSign: Sign;
  /** The lagna's sign, or null when the birth time is unknown (no ascendant is marked then). */
  lagnaSign: Sign | null;
  planets: readonly { body: Body; sign: Sign; retrograde: boolean }[];
}

/** One house (North) or one sign's cell (South), with what is drawn in it. */
export interface ChartCell {
  /** Whole-sign house from the first sign, 1–12. */
  house: number;
  sign: Sign;
  /** The sign's number, Aries = 1 … Pisces = 12 (North Indian charts write it in the house). */
  signNumber: number;
  bodies: { body: Body; retrograde: boolean }[];
  lagna: boolean;
}

/** The drawing's side in SVG units (the viewBox is SIZE × SIZE). */
export const SIZE = 400;

const signIndex = (sign: Sign) => SIGNS.indexOf(sign);

/** The twelve houses in order: house 1 is the first sign, each next house the next sign (whole-sign houses). */
export function chartCells(model: ChartModel): ChartCell[] {
  const first = signIndex(model.firstSign);
  return Array.from({ length: 12 }, (_, offset) => {
    const index = (first + offset) % 12;
    const sign = SIGNS[index] as Sign;
    return {
      house: offset + 1,
      sign,
      signNumber: index + 1,
      bodies: model.planets.filter((planet) => planet.sign === sign).map(({ body, retrograde }) => ({ body, retrograde })),
      lagna: model.lagnaSign === sign,
    };
  });
}

export interface Point {
  x: number;
  y: number;
}

export interface NorthHouseShape {
  house: number;
  /** The outline, clockwise from any corner. */
  polygon: readonly Point[];
  /** Where the house's text is centred. */
  anchor: Point;
  /** Where its sign number goes: next to the corner that points to the centre. */
  numberAt: Point;
  /** How many names fit on one line (the side triangles are narrow). */
  perLine: number;
}

/**
 * The North Indian (diamond) chart: a square with both diagonals and the diamond joining the
 * midpoints of its sides. House 1 is the top diamond and the houses run anticlockwise (2 and 3
 * upper left, 4 the left diamond, 7 the bottom one, 10 the right one); the signs move through
 * the fixed houses.
 */
export function northHouseShapes(size = SIZE): NorthHouseShape[] {
  const s = size;
  const h = s / 2;
  const q = s / 4;
  const p = (x: number, y: number): Point => ({ x, y });
  const top = p(h, 0);
  const right = p(s, h);
  const bottom = p(h, s);
  const left = p(0, h);
  const centre = p(h, h);
  const [nw, ne, se, sw] = [p(q, q), p(s - q, q), p(s - q, s - q), p(q, s - q)];
  const [tl, tr, br, bl] = [p(0, 0), p(s, 0), p(s, s), p(0, s)];
  const towards = (from: Point, to: Point, share: number): Point => p(from.x + (to.x - from.x) * share, from.y + (to.y - from.y) * share);
  const house = (number: number, polygon: Point[], inner: Point, perLine: number): NorthHouseShape => {
    const anchor = p(polygon.reduce((sum, point) => sum + point.x, 0) / polygon.length, polygon.reduce((sum, point) => sum + point.y, 0) / polygon.length);
    return { house: number, polygon, anchor, numberAt: towards(inner, anchor, 0.3), perLine };
  };
  return [
    house(1, [top, ne, centre, nw], centre, 3),
    house(2, [tl, top, nw], nw, 3),
    house(3, [tl, nw, left], nw, 2),
    house(4, [left, nw, centre, sw], centre, 3),
    house(5, [left, sw, bl], sw, 2),
    house(6, [bl, sw, bottom], sw, 3),
    house(7, [bottom, sw, centre, se], centre, 3),
    house(8, [bottom, se, br], se, 3),
    house(9, [br, se, right], se, 2),
    house(10, [right, se, centre, ne], centre, 3),
    house(11, [right, ne, tr], ne, 2),
    house(12, [tr, ne, top], ne, 3),
  ];
}

/**
 * The South Indian chart: a 4 × 4 grid whose twelve outer cells hold the signs in fixed places,
 * Pisces top left and Aries next to it, running clockwise; the middle 2 × 2 is empty. Answers
 * the cell's column and row for each sign.
 */
export const SOUTH_CELL_OF_SIGN: Readonly<Record<Sign, { column: number; row: number }>> = {
  pisces: { column: 0, row: 0 },
  aries: { column: 1, row: 0 },
  taurus: { column: 2, row: 0 },
  gemini: { column: 3, row: 0 },
  cancer: { column: 3, row: 1 },
  leo: { column: 3, row: 2 },
  virgo: { column: 3, row: 3 },
  libra: { column: 2, row: 3 },
  scorpio: { column: 1, row: 3 },
  sagittarius: { column: 0, row: 3 },
  capricorn: { column: 0, row: 2 },
  aquarius: { column: 0, row: 1 },
};

/** Splits the names of a house into lines of at most `perLine`. */
export function chunk<T>(items: readonly T[], perLine: number): T[][] {
  const lines: T[][] = [];
  for (let start = 0; start < items.length; start += perLine) lines.push(items.slice(start, start + perLine));
  return lines;
}
