import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { useSavePinsMutation } from './queries';

const PIN_PATTERN = /^[0-9]{4,6}$/;

/** Sets both PINs at once (the server keeps only slow hashes and never sends them back). */
export function SafetyPinsForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation('safety-timer');
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSavePinsMutation();
  const [safetyPin, setSafetyPin] = useState('');
  const [duressPin, setDuressPin] = useState('');
  const [touched, setTouched] = useState(false);
  const safetyProblem = touched && !PIN_PATTERN.test(safetyPin) ? t('pins.format') : null;
  const duressProblem = touched ? (!PIN_PATTERN.test(duressPin) ? t('pins.format') : duressPin === safetyPin ? t('pins.mustDiffer') : null) : null;

  function submit() {
    setTouched(true);
    if (!PIN_PATTERN.test(safetyPin) || !PIN_PATTERN.test(duressPin) || safetyPin === duressPin) return;
    save.mutate(
      { safetyPin, duressPin },
      {
        onSuccess: () => {
          toast.success(t('pins.saved'));
          setSafetyPin('');
          setDuressPin('');
          setTouched(false);
          onSaved?.();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  }

  const pinField = (label: string, value: string, onChange: (value: string) => void, problem: string | null) => (
    <TextField
      label={label}
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
      error={problem !== null}
      helperText={problem ?? t('pins.hint')}
      autoComplete="off"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
    />
  );

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {pinField(t('pins.safetyPin'), safetyPin, setSafetyPin, safetyProblem)}
      {pinField(t('pins.duressPin'), duressPin, setDuressPin, duressProblem)}
      <Button type="submit" variant="contained" loading={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('pins.save')}
      </Button>
    </Stack>
  );
}
