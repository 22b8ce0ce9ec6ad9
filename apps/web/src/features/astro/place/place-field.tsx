import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AstroPlace } from '@saathi/shared';
import type { Language } from '@saathi/shared/languages';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/feature-flags';
import { resolveLocationText } from '../../../lib/geocode';
import { loadedGazetteer, loadGazetteer, townLabel, type Gazetteer } from './gazetteer';

/** A choice in the list: a town of the bundled gazetteer, or "search online for what I typed". */
type PlaceOption = { kind: 'town'; label: string; place: AstroPlace } | { kind: 'online'; label: string; text: string };

interface PlaceFieldProps {
  value: AstroPlace | null;
  onChange: (place: AstroPlace | null) => void;
  error?: string | undefined;
}

/**
 * The birth place: typed in English, Hindi or Gujarati and picked from the bundled gazetteer
 * (works offline); a place it does not know can be looked up with the configured geocoder.
 */
export function PlaceField({ value, onChange, error }: PlaceFieldProps) {
  const { t, i18n } = useTranslation('astro');
  const language = (i18n.resolvedLanguage ?? 'en-US') as Language;
  const geocoderUrl = usePublicConfig().data?.geocoderUrl ?? null;
  const [gazetteer, setGazetteer] = useState<Gazetteer | null>(loadedGazetteer);
  const [text, setText] = useState(value?.name ?? '');
  const [onlineState, setOnlineState] = useState<'idle' | 'searching' | 'not-found' | 'failed'>('idle');

  useEffect(() => {
    if (gazetteer) return;
    let live = true;
    void loadGazetteer().then((loaded) => live && setGazetteer(loaded));
    return () => {
      live = false;
    };
  }, [gazetteer]);

  const towns: PlaceOption[] = (gazetteer?.search(text) ?? []).map((town) => {
    const label = townLabel(town, language);
    return { kind: 'town', label, place: { name: label, latitude: town.latitude, longitude: town.longitude } };
  });
  const typed = text.trim();
  const options: PlaceOption[] =
    geocoderUrl && typed.length >= 3 && !(value && value.name === text)
      ? [...towns, { kind: 'online', label: t('form.placeSearchOnline', { text: typed }), text: typed }]
      : towns;

  async function searchOnline(query: string) {
    setOnlineState('searching');
    try {
      const found = await resolveLocationText(query, geocoderUrl, { language });
      if (found.kind !== 'found') {
        setOnlineState('not-found');
        return;
      }
      setOnlineState('idle');
      const name = found.label?.split(',').slice(0, 2).join(',').trim() || query;
      setText(name);
      onChange({ name: name.slice(0, 120), latitude: found.point.latitude, longitude: found.point.longitude });
    } catch {
      setOnlineState('failed');
    }
  }

  const status =
    onlineState === 'searching'
      ? t('form.placeSearching')
      : onlineState === 'not-found'
        ? t('form.placeNotFoundOnline')
        : onlineState === 'failed'
          ? t('form.placeOnlineFailed')
          : value
            ? t('form.placeChosen', { latitude: value.latitude.toFixed(2), longitude: value.longitude.toFixed(2) })
            : t('form.placeHint');

  return (
    <Autocomplete<PlaceOption, false, false, true>
      freeSolo
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.kind === 'town' ? option.label : option.text)}
      getOptionKey={(option) => (typeof option === 'string' ? option : `${option.kind}:${option.label}`)}
      value={value ? { kind: 'town', label: value.name, place: value } : null}
      isOptionEqualToValue={(option, chosen) => option.label === (typeof chosen === 'string' ? chosen : chosen.label)}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        setText(next);
        setOnlineState('idle');
        // Typing again drops the chosen place until a town is picked from the list.
        if (reason === 'input' && value && next !== value.name) onChange(null);
      }}
      onChange={(_event, option) => {
        if (option === null) onChange(null);
        else if (typeof option === 'string') return;
        else if (option.kind === 'town') onChange(option.place);
        else void searchOnline(option.text);
      }}
      // The list shows each choice's label: the town with its state, or "Search online for …".
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.label}
        </li>
      )}
      noOptionsText={gazetteer ? t('form.placeNoMatch') : t('form.placeLoading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('form.place')}
          required
          error={Boolean(error)}
          helperText={error ?? status}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 120 } }}
        />
      )}
    />
  );
}
