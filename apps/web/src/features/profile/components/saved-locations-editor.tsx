import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCoordinatePair, LIMITS } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentPosition } from '../hooks/use-current-position';
import type { LocationsEditorState } from '../hooks/use-locations-editor';
import type { FieldErrors } from '../lib/field-errors';
import { splitPastedPair, type LocationDraft } from '../lib/locations';

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
    <Stack spacing={2}>
      {locations.length === 0 ? (
        <Typography color="text.secondary">{t('locations.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('locations.listLabel')}>
            {locations.map((item, index) => {
              const [longitude, latitude] = item.location.coordinates;
              const itemError = Object.entries(errors).find(([path]) => path.startsWith(`locations.${index}.`))?.[1];
              return (
                <ListItem
                  key={`${item.name}-${longitude}-${latitude}`}
                  divider={index < locations.length - 1}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('locations.remove', { name: item.name })}
                      onClick={() => editor.remove(index)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        <span>{item.name}</span>
                        {item.isBusinessLocation && <Chip size="small" color="secondary" label={t('locations.businessTag')} />}
                        {item.isVolunteerLocation && <Chip size="small" color="success" label={t('locations.volunteerTag')} />}
                      </Stack>
                    }
                    secondary={
                      <>
                        {formatCoordinatePair({ latitude, longitude }, 5)}
                        {itemError && (
                          <Typography component="span" color="error" variant="body2" sx={{ display: 'block' }}>
                            {itemError}
                          </Typography>
                        )}
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}

      <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          {t('locations.addHeading')}
        </Typography>
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
          <TextField
            id="location-latitude"
            label={t('locations.latitude')}
            value={draft.latitude}
            onChange={(event) => changeCoordinate('latitude', event.target.value)}
            error={Boolean(draftErrors.latitude)}
            helperText={draftErrors.latitude ?? t('locations.latitudeHint')}
            disabled={full}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            id="location-longitude"
            label={t('locations.longitude')}
            value={draft.longitude}
            onChange={(event) => changeCoordinate('longitude', event.target.value)}
            error={Boolean(draftErrors.longitude)}
            helperText={draftErrors.longitude ?? t('locations.longitudeHint')}
            disabled={full}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
        <TextField
          id="location-name"
          label={t('locations.name')}
          value={draft.name}
          onChange={(event) => editor.changeDraft({ ...draft, name: event.target.value })}
          error={Boolean(draftErrors.name)}
          helperText={draftErrors.name ?? t('locations.nameHint')}
          disabled={full}
          fullWidth
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
        <Button
          variant="outlined"
          startIcon={<AddLocationAltIcon />}
          onClick={() => editor.add()}
          disabled={full}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('locations.add')}
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary">
            {t('locations.limit', { count: LIMITS.savedLocationsMax })}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
