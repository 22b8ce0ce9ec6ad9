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
import { splitPastedPair } from '../lib/locations';
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
  const { draft, full } = editor;
  // The two coordinate fields differ only in their texts; pasting "lat, lng" into either fills both.
  const coordinates = [
    { key: 'latitude', label: t('locations.latitude'), hint: t('locations.latitudeHint') },
    { key: 'longitude', label: t('locations.longitude'), hint: t('locations.longitudeHint') },
  ] as const;

  async function fillFromDevice() {
    const found = await position.locate();
    if (!found) return;
    editor.changeDraft({
      latitude: String(Math.round(found.latitude * 1e6) / 1e6),
      longitude: String(Math.round(found.longitude * 1e6) / 1e6),
    });
  }

  function changeCoordinate(key: 'latitude' | 'longitude', value: string) {
    const pair = splitPastedPair(value);
    editor.changeDraft(pair ?? { [key]: value });
  }

  return (
    <ListEditor
      editor={editor}
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
      addHeading={t('locations.addHeading')}
      addLabel={t('locations.add')}
      addIcon={<AddLocationAltIcon />}
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
        <Typography variant="body2" color="textSecondary" role="status">
          {t('locations.locating')}
        </Typography>
      )}
      {position.error && (
        <Alert severity="warning" onClose={position.clearError}>
          {t(`locations.errors.${position.error}`)}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5}>
        {coordinates.map(({ key, label, hint }) => (
          <FormTextField
            key={key}
            id={`location-${key}`}
            label={label}
            value={draft[key]}
            onValue={(value) => changeCoordinate(key, value)}
            error={editor.draftErrors[key]}
            hint={hint}
            disabled={full}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
      </Stack>
      <FormTextField
        id="location-name"
        label={t('locations.name')}
        {...editor.draftField('name')}
        hint={t('locations.nameHint')}
        slotProps={{ htmlInput: { maxLength: LIMITS.locationNameMax } }}
      />
      <FormControlLabel
        control={
          <Checkbox checked={draft.isBusinessLocation} onChange={(event) => editor.changeDraft({ isBusinessLocation: event.target.checked })} disabled={full} />
        }
        label={t('locations.business')}
      />
    </ListEditor>
  );
}
