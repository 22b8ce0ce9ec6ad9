import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { addLocation, EMPTY_LOCATION_DRAFT, splitPastedPair, withBusinessLocation, type LocationItem } from './locations';

// Echoes the key so the assertions name the message that would be shown.
const t = ((key: string) => key) as unknown as TFunction<'profile'>;

const home: LocationItem = {
  name: 'Home',
  isBusinessLocation: true,
  isVolunteerLocation: false,
  location: { type: 'Point', coordinates: [72.57, 23.02] },
};

describe('addLocation', () => {
  it('stores GeoJSON order [longitude, latitude] and trims the name', () => {
    const result = addLocation(t, [], { ...EMPTY_LOCATION_DRAFT, latitude: '19.076', longitude: '72.8777', name: ' Office ' });
    expect(result).toEqual({
      ok: true,
      items: [
        {
          name: 'Office',
          isBusinessLocation: false,
          isVolunteerLocation: false,
          location: { type: 'Point', coordinates: [72.8777, 19.076] },
        },
      ],
    });
  });

  it('names the field that is out of range, empty or malformed', () => {
    expect(addLocation(t, [], { ...EMPTY_LOCATION_DRAFT, latitude: '95', longitude: '72', name: 'X' })).toEqual({
      ok: false,
      errors: { latitude: 'coordinates.range' },
    });
    expect(addLocation(t, [], { ...EMPTY_LOCATION_DRAFT, latitude: '23', longitude: '', name: '' })).toEqual({
      ok: false,
      errors: { longitude: 'coordinates.empty', name: 'validation.required' },
    });
    expect(addLocation(t, [], { ...EMPTY_LOCATION_DRAFT, latitude: '23,5', longitude: '72', name: 'X' })).toEqual({
      ok: false,
      errors: { latitude: 'coordinates.format', longitude: 'coordinates.format' },
    });
  });

  it('keeps a single business location', () => {
    const result = addLocation(t, [home], {
      latitude: '23.03',
      longitude: '72.58',
      name: 'Shop',
      isBusinessLocation: true,
    });
    expect(result.ok && result.items.map((item) => item.isBusinessLocation)).toEqual([false, true]);
    expect(withBusinessLocation([home], null)[0]?.isBusinessLocation).toBe(false);
  });
});

describe('splitPastedPair', () => {
  it('splits a pasted "lat, lon" pair and leaves single numbers alone', () => {
    expect(splitPastedPair('23.0225, 72.5714')).toEqual({ latitude: '23.0225', longitude: '72.5714' });
    expect(splitPastedPair('23.0225')).toBeNull();
    expect(splitPastedPair('95, 72')).toBeNull();
  });
});
