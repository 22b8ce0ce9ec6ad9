export { EnterCoordinatesDialog, type EnterCoordinatesDialogProps } from './enter-coordinates-dialog';
export { LocationSelectorDialog, PICKER_ZOOM, type LocationSelectorDialogProps, type PickedLocation } from './location-selector-dialog';
