import { describe, expect, it } from 'vitest';
import { formatDistance } from '@saathi/shared';
import { haversineMetres } from './format';

describe('distance formatting', () => {
  it('shows metres under 1 km and km with one decimal above (the shared helper, long units)', () => {
    expect(formatDistance(348.6, 'en-US', 'long')).toBe('349 m');
    expect(formatDistance(999, 'hi-IN', 'long')).toBe('999 मीटर');
    expect(formatDistance(1000, 'en-US', 'long')).toBe('1 km');
    expect(formatDistance(2450, 'gu-IN', 'long')).toBe('2.5 કિમી');
  });

  it('measures great-circle distance', () => {
    // One degree of latitude is about 111.2 km.
    expect(haversineMetres({ latitude: 23, longitude: 72 }, { latitude: 24, longitude: 72 })).toBeCloseTo(111_195, -2);
    expect(haversineMetres({ latitude: 23, longitude: 72 }, { latitude: 23, longitude: 72 })).toBe(0);
  });
});
