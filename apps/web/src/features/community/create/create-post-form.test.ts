import type { SavedLocation } from '@saathi/shared';
import { makeSavedLocation } from '../../../test/user';
import { describe, expect, it } from 'vitest';
import {
  applyBusinessToggle,
  draftProblem,
  extractTags,
  hasBusinessLocation,
  savedLocationOptions,
  withCustomLocation,
  type LocationOption,
} from './create-post-form';

const saved: SavedLocation[] = [
  makeSavedLocation({ at: { latitude: 23.02, longitude: 72.57 } }),
  makeSavedLocation({ id: 2, name: 'Shop', isBusinessLocation: true, at: { latitude: 23.1, longitude: 72.6 } }),
];
const current: LocationOption = { key: 'current', kind: 'current', name: '', latitude: 23, longitude: 72 };

describe('create post location rules', () => {
  const options = [current, ...savedLocationOptions(saved)];

  it('maps saved locations with [longitude, latitude] and marks the business one', () => {
    expect(options[2]).toMatchObject({ kind: 'business', latitude: 23.1, longitude: 72.6 });
    expect(hasBusinessLocation(options)).toBe(true);
    expect(hasBusinessLocation([current])).toBe(false);
  });

  it('business on selects the business location and forces show-location; off picks the first other', () => {
    expect(applyBusinessToggle(options, true, { selectedKey: 'current', showLocation: false })).toEqual({ selectedKey: 'saved-2', showLocation: true });
    expect(applyBusinessToggle(options, false, { selectedKey: 'saved-2', showLocation: true })).toEqual({ selectedKey: 'current', showLocation: true });
  });

  it('keeps one custom location, the latest pick', () => {
    const once = withCustomLocation(options, { latitude: 1, longitude: 2 });
    const twice = withCustomLocation(once, { latitude: 3, longitude: 4 });
    expect(twice.filter((o) => o.kind === 'custom')).toEqual([{ key: 'custom', kind: 'custom', name: '', latitude: 3, longitude: 4 }]);
  });
});

describe('create post draft', () => {
  const base = { title: '', description: '', photoCount: 0, isBusinessPost: false, businessCategory: '' };
  it('needs title, description or a photo', () => {
    expect(draftProblem(base)).toBe('empty');
    expect(draftProblem({ ...base, photoCount: 1 })).toBeNull();
    expect(draftProblem({ ...base, title: 'Hi' })).toBeNull();
  });
  it('limits title to 50 and description to 1000 and needs a business category', () => {
    expect(draftProblem({ ...base, title: 'x'.repeat(51) })).toBe('title');
    expect(draftProblem({ ...base, description: 'x'.repeat(1001) })).toBe('description');
    expect(draftProblem({ ...base, description: 'x'.repeat(1000) })).toBeNull();
    expect(draftProblem({ ...base, title: 'Sale', isBusinessPost: true })).toBe('category');
  });
  it('extracts unique hashtags in any script', () => {
    expect(extractTags('Fresh #Mango and #mango at #सूरत_बाज़ार')).toEqual(['mango', 'सूरत_बाज़ार']);
  });
});
