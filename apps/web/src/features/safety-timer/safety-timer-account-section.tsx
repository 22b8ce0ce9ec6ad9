import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePinsStatusQuery } from './queries';
import { SafetyPinsForm } from './safety-pins-form';
import { SectionCard } from '../../components/section-card';

/** The account page's safety timer card: the two PINs, and the way to the timer. */
export function SafetyTimerAccountSection() {
  const { t } = useTranslation('safety-timer');
  const pins = usePinsStatusQuery();
  const [editing, setEditing] = useState(false);
  const set = pins.data?.set === true;
  return (
    <SectionCard title={t('pins.title')} hint={t('pins.description')}>
      <Stack spacing={1.5}>
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
    </SectionCard>
  );
}
