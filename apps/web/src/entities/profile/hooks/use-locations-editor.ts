import { LIMITS } from '@saathi/shared';
import { addLocation, EMPTY_LOCATION_DRAFT, isLocationDraftEmpty, type LocationItem } from '../lib/locations';
import { useListEditor } from './use-list-editor';

const LOCATION_RULES = { empty: EMPTY_LOCATION_DRAFT, max: LIMITS.savedLocationsMax, isEmpty: isLocationDraftEmpty, add: addLocation };

/** State of the saved-locations editor (see useListEditor). */
export function useLocationsEditor(initial: readonly LocationItem[]) {
  return useListEditor(initial, LOCATION_RULES);
}

export type LocationsEditorState = ReturnType<typeof useLocationsEditor>;
