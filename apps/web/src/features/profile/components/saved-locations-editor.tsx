import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCoordinatePair, LIMITS } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentPosition } from '../hooks/use-current-position';
import type { LocationsEditorState } from '../hooks/use-locations-editor';
import type { FieldErrors } from '../lib/field-errors';
import { splitPastedPair, type LocationDraft } from '../lib/locations';
import { ListEditor } from './list-editor';
import { FormTextField } from '../../../components/form-fields';

interface SavedLocationsEditorProps {
  editor: LocationsEditorState;
  /** Errors from the server, keyed like 'locations.0.location'. */
  errors?: FieldErrors;
}

export function SavedLocationsEditor({ editor, errors = {} }: SavedLocationsEditorProps) {
  const { t } = useTranslation('profile');
  const position = useCurrentPosition();
  const { locations, draft, draftErrors } = editor;
  const full = locations.length >= LIMITS.savedLocationsMax;

  async function fillFromDevice() {
    const found = await position.locate();
    if (!found) return;
    editor.changeDraft({
      ...draft,
      latitude: String(Math.round(found.latitude * 1e6) / 1e6),
      longitude: String(Math.round(found.longitude * 1e6) / 1e6),
    });
  }

  function changeCoordinate(key: 'latitude' | 'longitude', value: string) {
    const pair = splitPastedPair(value);
    const next: LocationDraft = pair ? { ...draft, ...pair } : { ...draft, [key]: value };
    editor.changeDraft(next);
  }

  return (
    <ListEditor
      items={locations}
      emptyText={t('locations.empty')}
      listLabel={t('locations.listLabel')}
      errors={errors}
      errorPrefix="locations"
      itemKey={(item) => `${item.name}-${item.location.coordinates[0]}-${item.location.coordinates[1]}`}
      primary={(item) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <span>{item.name}</span>
          {item.isBusinessLocation && <Chip size="small" color="secondary" label={t('locations.businessTag')} />}
          {item.isVolunteerLocation && <Chip size="small" color="success" label={t('locations.volunteerTag')} />}
        </Stack>
      )}
      secondary={(item) => formatCoordinatePair({ latitude: item.location.coordinates[1], longitude: item.location.coordinates[0] }, 5)}
      removeLabel={(item) => t('locations.remove', { name: item.name })}
      onRemove={(index) => editor.remove(index)}
      addHeading={t('locations.addHeading')}
      addLabel={t('locations.add')}
      addIcon={<AddLocationAltIcon />}
      onAdd={() => editor.add()}
      full={full}
      limitText={t('locations.limit', { count: LIMITS.savedLocationsMax })}
    >
      <Button
        variant="outlined"
        startIcon={<MyLocationIcon />}
        onClick={() => void fillFromDevice()}
        loading={position.pending}
        loadingPosition="start"
        disabled={full}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('locations.useCurrent')}
      </Button>
      {position.pending && (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('locations.locating')}
        </Typography>
      )}
      {position.error && (
        <Alert severity="warning" onClose={position.clearError}>
          {t(`locations.errors.${position.error}`)}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5}>
        <FormTextField
          id="location-latitude"
          label={t('locations.latitude')}
          value={draft.latitude}
          onValue={(value) => changeCoordinate('latitude', value)}
          error={draftErrors.latitude}
          hint={t('locations.latitudeHint')}
          disabled={full}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          id="location-longitude"
          label={t('locations.longitude')}
          value={draft.longitude}
          onValue={(value) => changeCoordinate('longitude', value)}
          error={draftErrors.longitude}
          hint={t('locations.longitudeHint')}
          disabled={full}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <FormTextField
        id="location-name"
        label={t('locations.name')}
        value={draft.name}
        onValue={(value) => editor.changeDraft({ ...draft, name: value })}
        error={draftErrors.name}
        hint={t('locations.nameHint')}
        disabled={full}
        slotProps={{ htmlInput: { maxLength: LIMITS.locationNameMax } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.isBusinessLocation}
            onChange={(event) => editor.changeDraft({ ...draft, isBusinessLocation: event.target.checked })}
            disabled={full}
          />
        }
        label={t('locations.business')}
      />
    </ListEditor>
  );
}
