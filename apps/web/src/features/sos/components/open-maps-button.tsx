import Button from '@mui/material/Button';
import MapIcon from '@mui/icons-material/Map';
import { mapsLink } from '../../../entities/sos';

/** SPEC.md §7: the person in danger's position in a maps app (q=lat,lng), opened in a new tab. */
export function OpenMapsButton({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  return (
    <Button
      variant="contained"
      size="large"
      startIcon={<MapIcon />}
      href={mapsLink(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}
