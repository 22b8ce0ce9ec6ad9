import Business from '@mui/icons-material/Business';
import MapOutlined from '@mui/icons-material/MapOutlined';
import Public from '@mui/icons-material/Public';
import MyLocation from '@mui/icons-material/MyLocation';
import Place from '@mui/icons-material/Place';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { SavedLocation } from '@saathi/shared';
import { useTranslation } from 'react-i18next';

/**
 * Where the feed measures distances from (SPEC.md §4 location source for the feed). `none`:
 * no location at all (a visitor who has not shared one): newest first, without distances.
 */
export type FeedLocation = { source: 'none' } | { source: 'current' } | { source: 'place'; key: string; name: string; latitude: number; longitude: number };

interface LocationSheetProps {
  open: boolean;
  saved: readonly SavedLocation[];
  selected: FeedLocation;
  onSelect: (location: FeedLocation) => void;
  onClose: () => void;
  /** Opens the map picker (SPEC.md §4 location source: current, stored or map). */
  onPickOnMap: () => void;
  /** Offers "Anywhere" (no location shared): visitors start there. */
  allowNone?: boolean;
}

export function LocationSheet({ open, saved, selected, onSelect, onClose, onPickOnMap, allowNone = false }: LocationSheetProps) {
  const { t } = useTranslation('community');
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, mx: 'auto', width: '100%', maxWidth: 640 } } }}
    >
      <List aria-label={t('location.title')} subheader={<ListSubheader>{t('location.title')}</ListSubheader>}>
        {allowNone && (
          <ListItemButton selected={selected.source === 'none'} onClick={() => onSelect({ source: 'none' })}>
            <ListItemIcon>
              <Public />
            </ListItemIcon>
            <ListItemText primary={t('location.anywhere')} secondary={t('location.anywhereHint')} />
          </ListItemButton>
        )}
        <ListItemButton selected={selected.source === 'current'} onClick={() => onSelect({ source: 'current' })}>
          <ListItemIcon>
            <MyLocation />
          </ListItemIcon>
          <ListItemText primary={t('location.current')} />
        </ListItemButton>
        {saved.map((location) => {
          const [longitude, latitude] = location.location.coordinates;
          return (
            <ListItemButton
              key={location.id}
              selected={selected.source === 'place' && selected.key === `saved-${location.id}`}
              onClick={() => onSelect({ source: 'place', key: `saved-${location.id}`, name: location.name, latitude, longitude })}
            >
              <ListItemIcon>{location.isBusinessLocation ? <Business /> : <Place />}</ListItemIcon>
              <ListItemText primary={location.name} secondary={location.isBusinessLocation ? t('location.business') : t('location.saved')} />
            </ListItemButton>
          );
        })}
        {saved.length === 0 && <ListItemText sx={{ px: 2, py: 1 }} primary={t('location.none')} secondary={t('location.noneHint')} />}
        <ListItemButton selected={selected.source === 'place' && selected.key === 'map'} onClick={onPickOnMap}>
          <ListItemIcon>
            <MapOutlined />
          </ListItemIcon>
          <ListItemText primary={t('location.selectOnMap')} />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
