import { isLatitudeInRange, isLongitudeInRange, LIMITS, parseCoordinateFields, parseCoordinatePair, type SavedLocation } from '@saathi/shared';
import type { TFunction } from 'i18next';
import type { AddResult, FieldErrors } from './field-errors';

/** A saved location as the editors hold it: the PATCH shape, without the server's id. */
export interface LocationItem {
  name: string;
  isBusinessLocation: boolean;
  isVolunteerLocation: boolean;
  location: { type: 'Point'; coordinates: [number, number] };
}

export interface LocationDraft {
  latitude: string;
  longitude: string;
  name: string;
  isBusinessLocation: boolean;
}

export const EMPTY_LOCATION_DRAFT: LocationDraft = { latitude: '', longitude: '', name: '', isBusinessLocation: false };

export function locationItemsFromUser(locations: readonly SavedLocation[] | undefined): LocationItem[] {
  return (locations ?? []).map(({ name, isBusinessLocation, isVolunteerLocation, location }) => ({
    name,
    isBusinessLocation,
    isVolunteerLocation,
    location: { type: 'Point', coordinates: [location.coordinates[0], location.coordinates[1]] },
  }));
}

export function isLocationDraftEmpty(draft: LocationDraft): boolean {
  return draft.latitude.trim() === '' && draft.longitude.trim() === '' && draft.name.trim() === '';
}

/** A pasted 'lat, lon' pair in either coordinate box fills both boxes. */
export function splitPastedPair(text: string): { latitude: string; longitude: string } | null {
  if (!/[,\s]/.test(text.trim())) return null;
  const parsed = parseCoordinatePair(text);
  if (!parsed.ok) return null;
  return { latitude: String(parsed.value.latitude), longitude: String(parsed.value.longitude) };
}

/** Only one place is the business location (the community's business posts use it). */
export function withBusinessLocation(items: readonly LocationItem[], businessIndex: number | null): LocationItem[] {
  return items.map((item, index) => ({ ...item, isBusinessLocation: index === businessIndex }));
}

export function addLocation(t: TFunction<'profile'>, locations: readonly LocationItem[], draft: LocationDraft): AddResult<LocationItem> {
  if (locations.length >= LIMITS.savedLocationsMax) {
    return { ok: false, errors: { name: t('locations.limit', { count: LIMITS.savedLocationsMax }) } };
  }
  const errors: FieldErrors = {};
  const parsed = parseCoordinateFields(draft.latitude, draft.longitude);
  if (!parsed.ok) {
    const message = t(`coordinates.${parsed.error}`);
    if (parsed.error === 'range') {
      const latitude = Number(draft.latitude);
      const longitude = Number(draft.longitude);
      if (!isLatitudeInRange(latitude)) errors.latitude = message;
      if (!isLongitudeInRange(longitude)) errors.longitude = message;
    } else {
      if (draft.latitude.trim() === '' || parsed.error === 'format') errors.latitude = message;
      if (draft.longitude.trim() === '' || parsed.error === 'format') errors.longitude = message;
    }
  }
  const name = draft.name.trim();
  if (name === '') errors.name = t('validation.required');
  else if (name.length > LIMITS.locationNameMax) errors.name = t('validation.tooLong', { count: LIMITS.locationNameMax });
  if (!parsed.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  const item: LocationItem = {
    name,
    isBusinessLocation: draft.isBusinessLocation,
    isVolunteerLocation: false,
    location: { type: 'Point', coordinates: [parsed.value.longitude, parsed.value.latitude] },
  };
  const next = [...locations, item];
  return { ok: true, items: draft.isBusinessLocation ? withBusinessLocation(next, next.length - 1) : next };
}
