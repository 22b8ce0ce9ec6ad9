import { describe, expect, it } from 'vitest';
import { feedCells } from './posts.repository';

const cellOf = (lat: number, lon: number) => Math.floor((lat + 90) / 0.5) * 1000 + Math.floor((lon + 180) / 0.5);

describe('feedCells', () => {
  it('covers every point within the radius', () => {
    const centre = { lat: 19.076, lon: 72.8777 };
    const cells = new Set(feedCells(centre.lat, centre.lon, 100_000));
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180;
      const lat = centre.lat + (99_000 / 110_574) * Math.cos(rad);
      const lon = centre.lon + (99_000 / (111_320 * Math.cos((lat * Math.PI) / 180))) * Math.sin(rad);
      expect(cells.has(cellOf(lat, lon))).toBe(true);
    }
    expect(cells.size).toBeLessThanOrEqual(25);
  });
  it('wraps at the antimeridian and gives up near the poles or for huge radii', () => {
    expect(feedCells(0, 179.9, 50_000)).toContain(cellOf(0, -179.9));
    expect(feedCells(89.5, 0, 10_000)).toBeUndefined();
    expect(feedCells(20, 78, 5_000_000)).toBeUndefined();
  });
});
