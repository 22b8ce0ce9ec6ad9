import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePinsStatusQuery } from './queries';
import { SafetyPinsForm } from './safety-pins-form';

/** The account page's safety timer card: the two PINs, and the way to the timer. */
export function SafetyTimerAccountSection() {
  const { t } = useTranslation('safety-timer');
  const pins = usePinsStatusQuery();
  const [editing, setEditing] = useState(false);
  const set = pins.data?.set === true;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="safety-timer-pins-title">
      <Stack spacing={1.5}>
        <Typography id="safety-timer-pins-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('pins.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('pins.description')}
        </Typography>
        {pins.isSuccess && <Typography variant="body2">{set ? t('pins.isSet') : t('pins.notSet')}</Typography>}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {!editing && (
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              {set ? t('pins.change') : t('pins.save')}
            </Button>
          )}
          <Button component={RouterLink} to="/safety-timer" variant="contained" size="small" startIcon={<TimerOutlinedIcon />}>
            {t('open')}
          </Button>
        </Stack>
        <Collapse in={editing} unmountOnExit>
          <SafetyPinsForm onSaved={() => setEditing(false)} />
        </Collapse>
      </Stack>
    </Paper>
  );
}
