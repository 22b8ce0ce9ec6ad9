import { describe, expect, it } from 'vitest';
import { PROFESSIONS } from '../constants';
import { placeOnRadar, radarOffset, radarRings, volunteerColour, volunteerIcon } from './radar';

const radar = { centreX: 100, centreY: 100, radiusPx: 100 };

describe('radarOffset', () => {
  it('uses 110574 m per degree of latitude', () => {
    const offset = radarOffset({ latitude: 19, longitude: 72.8 }, { latitude: 19.01, longitude: 72.8 });
    expect(offset.northM).toBeCloseTo(1105.74, 6);
    expect(offset.eastM).toBeCloseTo(0, 9);
  });

  it('uses 111320 m per degree of longitude, corrected for the centre latitude', () => {
    const equator = radarOffset({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.01 });
    expect(equator.eastM).toBeCloseTo(1113.2, 6);
    const at60 = radarOffset({ latitude: 60, longitude: 10 }, { latitude: 60, longitude: 10.01 });
    expect(at60.eastM).toBeCloseTo(556.6, 4);
  });

  it('goes the short way across the antimeridian', () => {
    const offset = radarOffset({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 });
    expect(offset.eastM).toBeCloseTo(0.002 * 111320, 4);
  });
});

describe('placeOnRadar', () => {
  it('puts the centre in the middle', () => {
    const centre = { latitude: 23.02, longitude: 72.57 };
    expect(placeOnRadar(centre, centre, 500, radar)).toMatchObject({ x: 100, y: 100, distanceM: 0, clamped: false });
  });

  it('puts north up and east right, scaled so the range meets the outer ring', () => {
    const centre = { latitude: 0, longitude: 0 };
    const north = placeOnRadar(centre, { latitude: 250 / 110574, longitude: 0 }, 500, radar);
    expect(north.x).toBeCloseTo(100, 9);
    expect(north.y).toBeCloseTo(50, 9);
    const east = placeOnRadar(centre, { latitude: 0, longitude: 500 / 111320 }, 500, radar);
    expect(east.x).toBeCloseTo(200, 9);
    expect(east.y).toBeCloseTo(100, 9);
    const southWest = placeOnRadar(centre, { latitude: -100 / 110574, longitude: -100 / 111320 }, 1000, radar);
    expect(southWest.x).toBeCloseTo(90, 9);
    expect(southWest.y).toBeCloseTo(110, 9);
  });

  it('pulls points beyond the range onto the outer ring, keeping their bearing', () => {
    const centre = { latitude: 0, longitude: 0 };
    const far = placeOnRadar(centre, { latitude: 0, longitude: -2000 / 111320 }, 1000, radar);
    expect(far.clamped).toBe(true);
    expect(far.distanceM).toBeCloseTo(2000, 6);
    expect(far.x).toBeCloseTo(0, 9);
    expect(far.y).toBeCloseTo(100, 9);
  });
});

describe('radarRings', () => {
  it('spaces four rings evenly up to the range', () => {
    expect(radarRings(500)).toEqual([125, 250, 375, 500]);
    expect(radarRings(2000)).toEqual([500, 1000, 1500, 2000]);
    expect(radarRings(100, 2)).toEqual([50, 100]);
  });
});

describe('volunteer icons and colours (SPEC.md §3)', () => {
  it('maps every profession', () => {
    const table = Object.fromEntries(PROFESSIONS.map((p) => [p, [volunteerIcon(p), volunteerColour(p)]]));
    expect(table).toEqual({
      hospital: ['medical', 'green'],
      'Doctor General': ['medical', 'red'],
      'Doctor Emergency': ['medical', 'red'],
      Nurse: ['medical', 'green'],
      Police: ['person', 'blue'],
      Firefighter: ['person', 'orange'],
      '2 Wheeler Mechanic': ['wrench', 'green'],
      '4 Wheeler Mechanic': ['wrench', 'green'],
      '2&4 Wheeler Mechanic': ['wrench', 'green'],
      Other: ['person', 'green'],
    });
  });

  it('treats unknown or missing professions as a person in green', () => {
    expect(volunteerIcon(null)).toBe('person');
    expect(volunteerIcon('Astronaut')).toBe('person');
    expect(volunteerColour(undefined)).toBe('green');
  });
});
