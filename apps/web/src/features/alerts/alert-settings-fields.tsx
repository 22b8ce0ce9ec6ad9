import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDistance, LOCAL_ALERT_CATEGORIES, NIGHT_ALERT_CATEGORIES, type LocalAlertCategory } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from './category-icon';
import { label } from './labels';

export interface AlertSettingsFieldsProps {
  value: readonly LocalAlertCategory[];
  onChange: (categories: LocalAlertCategory[]) => void;
  /** Each category's push radius from the server, shown beside it when known. */
  radii?: Partial<Record<LocalAlertCategory, number>>;
}

/** The eight kinds of alert, each a checkbox with its icon: none is on until the person chooses. */
export function AlertSettingsFields({ value, onChange, radii }: AlertSettingsFieldsProps) {
  const { t, i18n } = useTranslation('local-alerts');

  function toggle(category: LocalAlertCategory, checked: boolean) {
    const next = new Set(value);
    if (checked) next.add(category);
    else next.delete(category);
    // In the list's order, whatever the order of the clicks.
    onChange(LOCAL_ALERT_CATEGORIES.filter((item) => next.has(item)));
  }

  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ fontWeight: 600 }}>
        {t('settings.legend')}
      </FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {LOCAL_ALERT_CATEGORIES.map((category) => {
          const radius = radii?.[category];
          return (
            <FormControlLabel
              key={category}
              sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -0.25 } }}
              control={<Checkbox checked={value.includes(category)} onChange={(event) => toggle(category, event.target.checked)} />}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', py: 0.75 }}>
                  <CategoryIcon category={category} fontSize="small" sx={{ mt: 0.25 }} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography component="span" sx={{ display: 'block', lineHeight: 1.3 }}>
                      {label(t, 'categories', category)}
                    </Typography>
                    <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                      {radius ? t('settings.within', { distance: formatDistance(radius, i18n.language, 'long') }) : null}
                      {radius && NIGHT_ALERT_CATEGORIES.includes(category) ? ' · ' : null}
                      {NIGHT_ALERT_CATEGORIES.includes(category) ? t('settings.atNight') : null}
                    </Typography>
                  </Box>
                </Stack>
              }
            />
          );
        })}
      </FormGroup>
    </FormControl>
  );
}
