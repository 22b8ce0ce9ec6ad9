import { describe, expect, it } from 'vitest';
import { COORDINATE_ERROR_MESSAGES, formatCoordinatePair, metresBetween, parseCoordinateFields, parseCoordinatePair } from './coordinates';

describe('parseCoordinatePair', () => {
  it.each([
    ['23.0225, 72.5714', 23.0225, 72.5714],
    ['23.0225 72.5714', 23.0225, 72.5714],
    ['  19.076 ,72.8777  ', 19.076, 72.8777],
    ['-33.9   151.2', -33.9, 151.2],
    ['90,-180', 90, -180],
    ['+12.5, .5', 12.5, 0.5],
  ])('reads %j', (text, latitude, longitude) => {
    expect(parseCoordinatePair(text)).toEqual({ ok: true, value: { latitude, longitude } });
  });

  it('asks for coordinates when the text is blank', () => {
    expect(parseCoordinatePair('   ')).toEqual({ ok: false, error: 'empty' });
  });

  it.each(['23.02', '23.02, 72.57, 10', 'abc, 72', '23.02,,72.57', '1e2, 3', '0x10, 5', '23.02;72.57'])('rejects the format of %j', (text) => {
    expect(parseCoordinatePair(text)).toEqual({ ok: false, error: 'format' });
  });

  it.each(['95, 72', '-90.0001, 0', '0, 180.5', '0, -181'])('rejects %j as out of range', (text) => {
    expect(parseCoordinatePair(text)).toEqual({ ok: false, error: 'range' });
  });
});

describe('parseCoordinateFields', () => {
  it('reads separate fields', () => {
    expect(parseCoordinateFields(' 23.0225 ', '72.5714')).toEqual({
      ok: true,
      value: { latitude: 23.0225, longitude: 72.5714 },
    });
  });

  it('reports empty, format and range errors in that order', () => {
    expect(parseCoordinateFields('', '72')).toEqual({ ok: false, error: 'empty' });
    expect(parseCoordinateFields('north', '72')).toEqual({ ok: false, error: 'format' });
    expect(parseCoordinateFields('95', '72')).toEqual({ ok: false, error: 'range' });
    expect(parseCoordinateFields('23', '200')).toEqual({ ok: false, error: 'range' });
  });
});

describe('messages and formatting', () => {
  it('uses the messages of SPEC.md', () => {
    expect(COORDINATE_ERROR_MESSAGES).toEqual({
      empty: 'Please enter valid latitude and longitude',
      format: 'Invalid coordinates format',
      range: 'Coordinates out of valid range',
    });
  });

  it('formats latitude first with at most 6 decimals', () => {
    expect(formatCoordinatePair({ latitude: 23.022505123, longitude: 72.5713621 })).toBe('23.022505, 72.571362');
  });
});

describe('metresBetween', () => {
  it('measures great-circle distances in metres', () => {
    // One degree of latitude is ~111.2 km everywhere.
    expect(metresBetween({ latitude: 23, longitude: 72.5 }, { latitude: 24, longitude: 72.5 })).toBeCloseTo(111_195, -1);
    // Ahmedabad to Mumbai, ~440 km as the crow flies.
    const km = metresBetween({ latitude: 23.0225, longitude: 72.5714 }, { latitude: 19.076, longitude: 72.8777 }) / 1000;
    expect(km).toBeGreaterThan(435);
    expect(km).toBeLessThan(445);
    expect(metresBetween({ latitude: 23.03, longitude: 72.517 }, { latitude: 23.03, longitude: 72.517 })).toBe(0);
  });

  it('is symmetric', () => {
    const a = { latitude: 22.3, longitude: 70.8 };
    const b = { latitude: 21.17, longitude: 72.83 };
    expect(metresBetween(a, b)).toBeCloseTo(metresBetween(b, a), 6);
  });
});
