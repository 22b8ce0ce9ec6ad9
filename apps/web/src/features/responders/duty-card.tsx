import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Duty, QuietHours } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useSetDutyMutation } from './queries';
import { label } from '../../entities/responder';

const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const NIGHTS: QuietHours = { days: [0, 1, 2, 3, 4, 5, 6], start: '22:00', end: '06:00' };

/**
 * On and off duty in one tap, weekly quiet hours (India time), and, after alerts left
 * unanswered, the question whether to go off duty. The server never alerts an off-duty volunteer.
 */
export function DutyCard({ duty }: { duty: Duty }) {
  const { t } = useTranslation('responders');
  const toast = useToast();
  const setDuty = useSetDutyMutation();
  const [quiet, setQuiet] = useState<QuietHours>(duty.quietHours ?? NIGHTS);

  const save = (body: Parameters<typeof setDuty.mutate>[0]) =>
    setDuty.mutate(body, { onSuccess: () => toast.success(t('duty.saved')), onError: () => toast.error(t('duty.failed')) });
  const toggleDay = (day: number, on: boolean) =>
    setQuiet((current) => ({ ...current, days: on ? [...current.days, day] : current.days.filter((d) => d !== day) }));

  return (
    <Stack spacing={1.5} data-testid="duty-card">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('duty.title')}
      </Typography>
      {duty.suggestOffDuty && (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Stack spacing={0.5}>
              <Button color="inherit" size="small" onClick={() => save({ onDuty: false })}>
                {t('duty.goOff')}
              </Button>
              <Button color="inherit" size="small" onClick={() => save({ onDuty: true })}>
                {t('duty.stayOn')}
              </Button>
            </Stack>
          }
        >
          <strong>{t('duty.suggestTitle')}</strong> {t('duty.suggest', { number: duty.unansweredInARow })}
        </Alert>
      )}
      <FormControlLabel
        control={<Switch checked={duty.onDuty} disabled={setDuty.isPending} onChange={(event) => save({ onDuty: event.target.checked })} />}
        label={t('duty.switch')}
      />
      <Typography variant="body2" color={duty.onDuty ? 'textSecondary' : 'warning'} role="status">
        {duty.onDuty ? t('duty.on') : t('duty.off')}
        {duty.onDuty && duty.quietNow ? ` ${t('duty.quietNow')}` : ''}
      </Typography>

      <Typography variant="subtitle2" component="h4">
        {t('duty.quietTitle')}
      </Typography>
      {!duty.quietHours && (
        <Typography variant="body2" color="textSecondary">
          {t('duty.quietNone')}
        </Typography>
      )}
      <Stack direction="row" spacing={1.5}>
        <TextField
          type="time"
          label={t('duty.from')}
          value={quiet.start}
          onChange={(event) => setQuiet({ ...quiet, start: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          type="time"
          label={t('duty.to')}
          value={quiet.end}
          onChange={(event) => setQuiet({ ...quiet, end: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('duty.days')}>
        {WEEK.map((day) => (
          <FormControlLabel
            key={day}
            sx={{ mr: 1 }}
            control={<Checkbox size="small" checked={quiet.days.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />}
            label={label(t, 'days', day)}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" disabled={setDuty.isPending || quiet.days.length === 0} onClick={() => save({ onDuty: duty.onDuty, quietHours: quiet })}>
          {t('duty.save')}
        </Button>
        {duty.quietHours && (
          <Button disabled={setDuty.isPending} onClick={() => save({ onDuty: duty.onDuty, quietHours: null })}>
            {t('duty.clear')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
