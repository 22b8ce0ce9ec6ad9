import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/field-errors';
import {
  addLocation,
  EMPTY_LOCATION_DRAFT,
  isLocationDraftEmpty,
  type LocationDraft,
  type LocationItem,
} from '../lib/locations';

/** State of the saved-locations editor, kept by the screen that saves it (see useContactsEditor). */
export function useLocationsEditor(initial: readonly LocationItem[]) {
  const { t } = useTranslation('profile');
  const [locations, setLocations] = useState<LocationItem[]>(() => [...initial]);
  const [draft, setDraft] = useState<LocationDraft>(EMPTY_LOCATION_DRAFT);
  const [draftErrors, setDraftErrors] = useState<FieldErrors>({});

  function add(): LocationItem[] | null {
    const result = addLocation(t, locations, draft);
    if (!result.ok) {
      setDraftErrors(result.errors);
      return null;
    }
    setLocations(result.locations);
    setDraft(EMPTY_LOCATION_DRAFT);
    setDraftErrors({});
    return result.locations;
  }

  function listToSave(): LocationItem[] | null {
    return isLocationDraftEmpty(draft) ? locations : add();
  }

  function remove(index: number) {
    setLocations((current) => current.filter((_, i) => i !== index));
  }

  function update(index: number, change: (item: LocationItem) => LocationItem) {
    setLocations((current) => current.map((item, i) => (i === index ? change(item) : item)));
  }

  function changeDraft(next: LocationDraft) {
    setDraft(next);
    if (Object.keys(draftErrors).length > 0) setDraftErrors({});
  }

  return { locations, draft, draftErrors, add, remove, update, changeDraft, listToSave, replace: setLocations };
}

export type LocationsEditorState = ReturnType<typeof useLocationsEditor>;
