import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import MapIcon from '@mui/icons-material/Map';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import PlaceIcon from '@mui/icons-material/Place';
import { formatCoordinatePair } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import type { LocationOption } from './create-post-form';

const ICONS = { current: MyLocationIcon, business: BusinessIcon, saved: PlaceIcon, custom: MapIcon } as const;

export interface PostLocationListProps {
  options: readonly LocationOption[];
  selectedKey: string | null;
  locating: boolean;
  onSelect: (key: string) => void;
  onPickOnMap: () => void;
}

/** The Create Post location list: current, saved, custom, and 'Select on Map'. */
export function PostLocationList({ options, selectedKey, locating, onSelect, onPickOnMap }: PostLocationListProps) {
  const { t } = useTranslation('community-create');
  const label = (option: LocationOption) => {
    if (option.kind === 'current') return t('location.current');
    if (option.kind === 'custom') return t('location.custom');
    return option.name;
  };
  const secondary = (option: LocationOption) => {
    if (option.kind === 'business') return t('location.business');
    if (option.kind === 'saved') return t('location.saved');
    return formatCoordinatePair(option, 5);
  };
  return (
    <List dense aria-label={t('location.listLabel')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {locating && (
        <Typography variant="body2" color="textSecondary" sx={{ px: 2, py: 1 }}>
          {t('location.locating')}
        </Typography>
      )}
      {options.map((option) => {
        const Icon = ICONS[option.kind];
        return (
          <ListItemButton key={option.key} selected={option.key === selectedKey} onClick={() => onSelect(option.key)}>
            <ListItemIcon>
              <Icon />
            </ListItemIcon>
            <ListItemText primary={label(option)} secondary={secondary(option)} />
          </ListItemButton>
        );
      })}
      {!options.some((option) => option.kind === 'saved' || option.kind === 'business') && (
        <ListItemText sx={{ px: 2 }} primary={t('location.noSaved')} secondary={t('location.addInProfile')} />
      )}
      <ListItemButton onClick={onPickOnMap}>
        <ListItemIcon>
          <MapIcon color="primary" />
        </ListItemIcon>
        <ListItemText primary={t('location.selectOnMap')} />
      </ListItemButton>
    </List>
  );
}
