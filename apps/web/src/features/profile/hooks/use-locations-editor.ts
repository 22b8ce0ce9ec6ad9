import { addLocation, EMPTY_LOCATION_DRAFT, isLocationDraftEmpty, type LocationItem } from '../lib/locations';
import { useListEditor } from './use-list-editor';

const LOCATION_RULES = { empty: EMPTY_LOCATION_DRAFT, isEmpty: isLocationDraftEmpty, add: addLocation };

/** State of the saved-locations editor (see useListEditor). */
export function useLocationsEditor(initial: readonly LocationItem[]) {
  const { items, setItems, ...editor } = useListEditor(initial, LOCATION_RULES);
  return { ...editor, locations: items, replace: setItems };
}

export type LocationsEditorState = ReturnType<typeof useLocationsEditor>;
