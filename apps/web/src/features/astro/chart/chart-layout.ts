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
  const h = size / 2;
  const q = size / 4;
  const p = (x: number, y: number): Point => ({ x, y });
  const centre = p(h, h);
  // Houses 1–3 (the top diamond, then the two triangles at the upper left); every next three are
  // the same shapes turned a quarter anticlockwise about the centre.
  const firstThree: { polygon: Point[]; inner: Point }[] = [
    { polygon: [p(h, 0), p(size - q, q), centre, p(q, q)], inner: centre },
    { polygon: [p(0, 0), p(h, 0), p(q, q)], inner: p(q, q) },
    { polygon: [p(0, 0), p(q, q), p(0, h)], inner: p(q, q) },
  ];
  const quarterTurn = (point: Point): Point => p(h + (point.y - h), h - (point.x - h));
  const turned = (point: Point, turns: number): Point => (turns === 0 ? point : turned(quarterTurn(point), turns - 1));
  return Array.from({ length: 12 }, (_, index) => {
    const base = firstThree[index % 3] as { polygon: Point[]; inner: Point };
    const turns = Math.floor(index / 3);
    const polygon = base.polygon.map((point) => turned(point, turns));
    const inner = turned(base.inner, turns);
    const xs = polygon.map((point) => point.x);
    const anchor = p(xs.reduce((sum, x) => sum + x, 0) / polygon.length, polygon.reduce((sum, point) => sum + point.y, 0) / polygon.length);
    // Text runs across: the side triangles (a quarter of the chart wide) take two names a line, the others three.
    const perLine = Math.max(...xs) - Math.min(...xs) < h ? 2 : 3;
    const numberAt = p(inner.x + (anchor.x - inner.x) * 0.3, inner.y + (anchor.y - inner.y) * 0.3);
    return { house: index + 1, polygon, anchor, numberAt, perLine };
  });
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
