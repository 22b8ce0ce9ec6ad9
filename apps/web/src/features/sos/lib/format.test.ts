import { describe, expect, it } from 'vitest';
import { distanceParts, haversineMetres } from './format';

describe('distance formatting', () => {
  it('shows metres under 1 km and km with one decimal above', () => {
    expect(distanceParts(348.6)).toEqual({ key: 'distance.m', value: '349' });
    expect(distanceParts(999)).toEqual({ key: 'distance.m', value: '999' });
    expect(distanceParts(1000)).toEqual({ key: 'distance.km', value: '1.0' });
    expect(distanceParts(2450)).toEqual({ key: 'distance.km', value: '2.5' });
  });

  it('measures great-circle distance', () => {
    // One degree of latitude is about 111.2 km.
    expect(haversineMetres({ latitude: 23, longitude: 72 }, { latitude: 24, longitude: 72 })).toBeCloseTo(111_195, -2);
    expect(haversineMetres({ latitude: 23, longitude: 72 }, { latitude: 23, longitude: 72 })).toBe(0);
  });
});
