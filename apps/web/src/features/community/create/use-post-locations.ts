import type { SavedLocation } from '@saathi/shared';
import { useEffect, useRef, useState } from 'react';
import { locationStore } from '../../../entities/location';
import { savedLocationOptions, withCustomLocation, type LocationOption } from './create-post-form';

/** SPEC.md §4: 'Current Location' waits up to 10 s for the device. */
export const CURRENT_LOCATION_TIMEOUT_MS = 10_000;

/**
 * The Create Post location list and its selection: the saved locations (the first non-business
 * one selected), 'Current Location' put first when the device answers within 10 s (otherwise it
 * is left out), and at most one 'Custom Location' picked on the map.
 */
export function usePostLocations(saved: readonly SavedLocation[]) {
  const [options, setOptions] = useState<LocationOption[]>(() => savedLocationOptions(saved));
  const [selectedKey, setSelectedKey] = useState<string | null>(() => savedLocationOptions(saved).find((o) => o.kind !== 'business')?.key ?? null);
  const [locating, setLocating] = useState(true);
  const touched = useRef(false);
  const select = (key: string | null) => {
    touched.current = true;
    setSelectedKey(key);
  };

  useEffect(() => {
    let active = true;
    locationStore()
      .requestPosition(CURRENT_LOCATION_TIMEOUT_MS)
      .then((position) => {
        if (!active) return;
        const current: LocationOption = { key: 'current', kind: 'current', name: '', latitude: position.latitude, longitude: position.longitude };
        setOptions((list) => [current, ...list.filter((o) => o.kind !== 'current')]);
        // Selected unless the user has already chosen a location themselves meanwhile.
        if (!touched.current) setSelectedKey('current');
      })
      .catch(() => undefined)
      .finally(() => active && setLocating(false));
    return () => {
      active = false;
    };
  }, []);

  const pickCustom = (point: { latitude: number; longitude: number }) => {
    setOptions((list) => withCustomLocation(list, point));
    select('custom');
  };

  const selected = options.find((option) => option.key === selectedKey) ?? null;
  return { options, selectedKey, selected, locating, select, pickCustom };
}
