import { describe, expect, it } from 'vitest';
import { estimateTripMinutes, journeyGraceMinutes } from './journey-estimate';

describe('estimateTripMinutes', () => {
  it('takes the mode into account: 2 km is a 35-minute walk, a 12-minute auto ride, a 22-minute bus trip', () => {
    expect(estimateTripMinutes(2000, 'walk')).toBe(35);
    expect(estimateTripMinutes(2000, 'auto')).toBe(12);
    expect(estimateTripMinutes(2000, 'bus')).toBe(22);
    expect(estimateTripMinutes(2000, 'vehicle')).toBe(8);
  });

  it('is at least 5 minutes and at most 200', () => {
    expect(estimateTripMinutes(50, 'walk')).toBe(5);
    expect(estimateTripMinutes(0, 'vehicle')).toBe(5);
    expect(estimateTripMinutes(400_000, 'walk')).toBe(200);
  });
});

describe('journeyGraceMinutes', () => {
  it('is 10 minutes, or a fifth of a long trip', () => {
    expect(journeyGraceMinutes(5)).toBe(10);
    expect(journeyGraceMinutes(50)).toBe(10);
    expect(journeyGraceMinutes(51)).toBe(11);
    expect(journeyGraceMinutes(200)).toBe(40);
  });
});
