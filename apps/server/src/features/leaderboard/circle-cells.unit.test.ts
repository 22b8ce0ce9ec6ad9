import { describe, expect, it } from 'vitest';
import type { LatLon } from '@saathi/shared';
import { cellOf, circleCells, sphereDistanceM } from './circle-cells';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A point `distance` metres from `centre` towards `bearing` (radians), on the sphere. */
function offset(centre: LatLon, distance: number, bearing: number): LatLon {
  const R = 6_371_008.8;
  const lat1 = (centre.latitude * Math.PI) / 180;
  const lon1 = (centre.longitude * Math.PI) / 180;
  const d = distance / R;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  const longitude = (((((lon2 * 180) / Math.PI + 540) % 360) + 360) % 360) - 180;
  return { latitude: (lat2 * 180) / Math.PI, longitude };
}

describe('cellOf', () => {
  it('numbers 0.01° cells by row and column, as the migration does', () => {
    expect(cellOf({ latitude: 19.076, longitude: 72.8777 })).toBe((1907 + 9000) * 36000 + (7287 + 18000));
    expect(cellOf({ latitude: -0.001, longitude: -0.001 })).toBe((-1 + 9000) * 36000 + 17999);
  });

  it('makes 180° and -180° one column, and a polar row one cell', () => {
    expect(cellOf({ latitude: 10, longitude: 180 })).toBe(cellOf({ latitude: 10, longitude: -180 }));
    expect(cellOf({ latitude: 89.5, longitude: 10 })).toBe(cellOf({ latitude: 89.5, longitude: -120 }));
    expect(cellOf({ latitude: 90, longitude: 0 })).toBe(cellOf({ latitude: 89.999, longitude: 0 }));
  });
});

describe('circleCells', () => {
  it('covers a 5 km circle in Mumbai with about 90 cells, fewer on the edge than inside', () => {
    const { inside, edge } = circleCells({ latitude: 19.076, longitude: 72.8777 }, 5000);
    expect(inside.length + edge.length).toBeGreaterThan(70);
    expect(inside.length + edge.length).toBeLessThan(130);
    expect(edge.length).toBeLessThan(inside.length);
  });

  // Centres across India, near the antimeridian, the equator and a pole; radii from 10 m to 5 km.
  const centres: LatLon[] = [
    { latitude: 19.076, longitude: 72.8777 },
    { latitude: 34.08, longitude: 74.79 },
    { latitude: 8.52, longitude: 76.93 },
    { latitude: 0.001, longitude: -0.004 },
    { latitude: -33.9, longitude: 179.99 },
    { latitude: 84.98, longitude: 20 },
    { latitude: 89.99, longitude: 0 },
  ];

  it.each(centres)('never leaves out a place inside the circle, and takes whole only cells wholly inside (%o)', (centre) => {
    const next = random(Math.round(centre.latitude * 1000 + centre.longitude));
    for (const radius of [10, 250, 1000, 5000]) {
      const { inside, edge } = circleCells(centre, radius);
      const insideSet = new Set(inside);
      const covered = new Set([...inside, ...edge]);
      expect(inside.filter((cell) => edge.includes(cell))).toEqual([]);
      for (let k = 0; k < 2000; k++) {
        const place = offset(centre, next() * radius * 1.2, next() * 2 * Math.PI);
        const distance = sphereDistanceM(centre, place);
        // The database decides on the spheroid, within 0.6 % of the sphere.
        if (distance <= radius * 0.994) expect(covered.has(cellOf(place))).toBe(true);
        if (insideSet.has(cellOf(place))) expect(distance).toBeLessThanOrEqual(radius * 0.994);
      }
    }
  });
});
