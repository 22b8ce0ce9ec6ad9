import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, formatCoordinatePair, INDIA_CENTRE, type LatLon } from '@saathi/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import RemoveIcon from '@mui/icons-material/Remove';
import SearchIcon from '@mui/icons-material/Search';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { locationStore } from '../../../entities/location';
import { resolveLocationText } from '../../../lib/geocode';
import { usePublicConfig } from '../../../lib/feature-flags';
import { EnterCoordinatesDialog } from './enter-coordinates-dialog';
import type { MapHandle } from './leaflet-map';
import { DialogHeader } from '../../../components/dialog-header';

const LeafletMap = lazy(() => import('./leaflet-map').then((module) => ({ default: module.LeafletMap })));

/** SPEC.md §9: the post-creation picker opens at zoom 17; the default centre is in India. */
export const PICKER_ZOOM = 17;
const COUNTRY_ZOOM = 5;

export interface PickedLocation {
  latitude: number;
  longitude: number;
  name: string;
  source: 'map';
}

export interface LocationSelectorDialogProps {
  open: boolean;
  initial?: LatLon | null;
  onClose: () => void;
  onSelect: (location: PickedLocation) => void;
}

/** Full-screen map picker (SPEC.md §2 "Location Selector"). Mounted only while open. */
export function LocationSelectorDialog({ open, initial, onClose, onSelect }: LocationSelectorDialogProps) {
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="location-selector-title">
      {open && <SelectorBody initial={initial ?? null} onClose={onClose} onSelect={onSelect} />}
    </Dialog>
  );
}

function SelectorBody({ initial, onClose, onSelect }: { initial: LatLon | null; onClose: () => void; onSelect: (location: PickedLocation) => void }) {
  const { t, i18n } = useTranslation('community-create');
  const config = usePublicConfig();
  const [picked, setPicked] = useState<LatLon | null>(null);
  const [pickedName, setPickedName] = useState('');
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [coordinatesOpen, setCoordinatesOpen] = useState(false);
  const handle = useRef<MapHandle | null>(null);
  const [start] = useState(() => {
    const known = initial ?? locationStore().getState().position;
    return known ? { center: { latitude: known.latitude, longitude: known.longitude }, zoom: PICKER_ZOOM } : { center: INDIA_CENTRE, zoom: COUNTRY_ZOOM };
  });

  const choose = (point: LatLon, name = '') => {
    setPicked(point);
    setPickedName(name);
    setMessage(null);
    handle.current?.flyTo(point, PICKER_ZOOM);
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setSearching(true);
    try {
      const result = await resolveLocationText(query, config.data?.geocoderUrl ?? null, { language: i18n.language });
      if (result.kind === 'found') choose(result.point, result.label ?? '');
      else if (result.kind === 'not-found') setMessage(t('map.notFound'));
      else if (result.kind === 'no-geocoder') setMessage(t('map.noGeocoder'));
    } catch {
      setMessage(t('map.searchFailed'));
    } finally {
      setSearching(false);
    }
  };

  const goToMyLocation = async () => {
    try {
      const position = await locationStore().waitForPosition();
      if (position) choose({ latitude: position.latitude, longitude: position.longitude });
      else setMessage(t('map.noDeviceLocation'));
    } catch {
      setMessage(t('map.noDeviceLocation'));
    }
  };

  return (
    <>
      <DialogHeader titleId="location-selector-title" title={t('map.title')} closeLabel={t('actions.close')} onClose={onClose} />
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <Suspense fallback={<CircularProgress sx={{ position: 'absolute', top: '50%', left: '50%' }} aria-label={t('map.loading')} />}>
          <LeafletMap
            center={start.center}
            zoom={start.zoom}
            picked={picked}
            onPick={(point) => choose(point)}
            onReady={(ready) => {
              handle.current = ready;
            }}
            // No tiles until the server said which (it may say none); its defaults if it cannot be asked.
            tileUrl={config.data ? config.data.mapTileUrl : config.isError ? DEFAULT_MAP_TILE_URL : null}
            tileAttribution={config.data?.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION}
            label={t('map.label')}
          />
        </Suspense>
        <Paper
          component="form"
          onSubmit={(event) => void search(event)}
          sx={{ position: 'absolute', top: 12, left: 12, right: 12, zIndex: 1000, display: 'flex', alignItems: 'center', px: 1 }}
        >
          <InputBase
            sx={{ flex: 1, px: 1 }}
            placeholder={t('map.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            inputProps={{ 'aria-label': t('map.searchPlaceholder') }}
          />
          <IconButton type="submit" aria-label={t('map.search')} disabled={searching || query.trim() === ''}>
            {searching ? <CircularProgress size={20} /> : <SearchIcon />}
          </IconButton>
        </Paper>
        {message && (
          <Alert severity="info" onClose={() => setMessage(null)} sx={{ position: 'absolute', top: 72, left: 12, right: 12, zIndex: 1000 }}>
            {message}
          </Alert>
        )}
        <Stack spacing={1} sx={{ position: 'absolute', right: 12, bottom: 96, zIndex: 1000 }}>
          <Paper>
            <IconButton onClick={() => handle.current?.zoomIn()} aria-label={t('map.zoomIn')}>
              <AddIcon />
            </IconButton>
          </Paper>
          <Paper>
            <IconButton onClick={() => handle.current?.zoomOut()} aria-label={t('map.zoomOut')}>
              <RemoveIcon />
            </IconButton>
          </Paper>
          <Paper>
            <IconButton onClick={() => void goToMyLocation()} aria-label={t('map.myLocation')}>
              <MyLocationIcon />
            </IconButton>
          </Paper>
          <Paper>
            <IconButton onClick={() => setCoordinatesOpen(true)} aria-label={t('coordinates.title')}>
              <EditLocationAltIcon />
            </IconButton>
          </Paper>
        </Stack>
        <Paper sx={{ position: 'absolute', left: 12, right: 12, bottom: 16, zIndex: 1000, p: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap data-testid="picked-point">
            {picked ? pickedName || formatCoordinatePair(picked, 5) : t('map.tapToPick')}
          </Typography>
          <Button
            variant="contained"
            disabled={!picked}
            onClick={() => picked && onSelect({ latitude: picked.latitude, longitude: picked.longitude, name: pickedName, source: 'map' })}
          >
            {t('map.select')}
          </Button>
        </Paper>
      </Box>
      <EnterCoordinatesDialog
        open={coordinatesOpen}
        onClose={() => setCoordinatesOpen(false)}
        onSubmit={(point) => {
          setCoordinatesOpen(false);
          choose(point);
        }}
      />
    </>
  );
}
