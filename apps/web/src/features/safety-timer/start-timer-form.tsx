import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SAFETY_TIMER_LIMITS } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixItAlert } from '../../components/fix-it-alert';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { useStartTimerMutation, useTimerContactsQuery } from './queries';
import { currentPosition } from './use-timer-location';

const PRESETS = [15, 30, 45, 60, 90, 120] as const;

/** Pick a duration, where to, and whom to alert; the server holds the timer from the moment it starts. */
export function StartTimerForm() {
  const { t } = useTranslation('safety-timer');
  const toast = useToast();
  const errorText = useErrorText();
  const contacts = useTimerContactsQuery();
  const start = useStartTimerMutation();
  const [minutes, setMinutes] = useState(30);
  const [destination, setDestination] = useState('');
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const [contactsOnly, setContactsOnly] = useState(false);
  const [locating, setLocating] = useState(false);
  const list = contacts.data ?? [];
  const chosen = list.filter((c) => !unchecked.has(c.id));
  const minutesValid = Number.isInteger(minutes) && minutes >= SAFETY_TIMER_LIMITS.minMinutes && minutes <= SAFETY_TIMER_LIMITS.maxMinutes;
  const canStart = minutesValid && (list.length === 0 || chosen.length > 0) && !start.isPending && !locating;

  async function onStart() {
    setLocating(true);
    // The first position goes with the start; without one the timer still runs.
    const location = await currentPosition();
    setLocating(false);
    start.mutate(
      {
        durationMinutes: minutes,
        ...(destination.trim() ? { destination: destination.trim() } : {}),
        // All of them: the server alerts whoever is on the list at the time.
        ...(chosen.length < list.length ? { contactIds: chosen.map((c) => c.id) } : {}),
        contactsOnly,
        ...(location ? { location } : {}),
      },
      { onError: (error) => toast.error(errorText(error)) },
    );
  }

  const toggle = (id: number) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Stack spacing={2.5}>
      <Stack spacing={1}>
        <FormLabel>{t('duration')}</FormLabel>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {PRESETS.map((preset) => (
            <Chip
              key={preset}
              label={t('minutes', { count: preset })}
              color={minutes === preset ? 'primary' : 'default'}
              variant={minutes === preset ? 'filled' : 'outlined'}
              onClick={() => setMinutes(preset)}
              aria-pressed={minutes === preset}
            />
          ))}
        </Stack>
        <TextField
          label={t('customMinutes')}
          type="number"
          size="small"
          value={Number.isNaN(minutes) ? '' : minutes}
          onChange={(event) => setMinutes(Number.parseInt(event.target.value, 10))}
          error={!minutesValid}
          slotProps={{ htmlInput: { min: SAFETY_TIMER_LIMITS.minMinutes, max: SAFETY_TIMER_LIMITS.maxMinutes, inputMode: 'numeric' } }}
          sx={{ maxWidth: 220 }}
        />
      </Stack>
      <TextField
        label={t('destination')}
        value={destination}
        onChange={(event) => setDestination(event.target.value)}
        slotProps={{ htmlInput: { maxLength: SAFETY_TIMER_LIMITS.destinationMaxLength } }}
      />
      <Stack spacing={0.5}>
        <FormLabel>{t('contacts')}</FormLabel>
        {contacts.isSuccess && list.length === 0 ? (
          <FixItAlert severity="warning" to="/account?tab=contacts" fixLabel={t('addContacts')}>
            {t('noContacts')}
          </FixItAlert>
        ) : (
          <FormGroup>
            {list.map((contact) => (
              <FormControlLabel
                key={contact.id}
                control={<Checkbox checked={!unchecked.has(contact.id)} onChange={() => toggle(contact.id)} />}
                label={contact.name}
              />
            ))}
          </FormGroup>
        )}
        <FormControlLabel control={<Switch checked={contactsOnly} onChange={(event) => setContactsOnly(event.target.checked)} />} label={t('contactsOnly')} />
      </Stack>
      <Button variant="contained" size="large" onClick={() => void onStart()} disabled={!canStart} loading={start.isPending || locating}>
        {t('start')}
      </Button>
    </Stack>
  );
}
