import BackspaceOutlinedIcon from '@mui/icons-material/BackspaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const PIN_MIN = 4;
export const PIN_MAX = 6;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * A phone-style pad for the timer's PIN: large keys, dots instead of digits. The same pad takes
 * either PIN and shows nothing different afterwards; the keyboard works too (digits, Backspace, Enter).
 */
export function PinPad({ onSubmit, pending, submitLabel }: { onSubmit: (pin: string) => void; pending: boolean; submitLabel: string }) {
  const { t } = useTranslation('safety-timer');
  const [pin, setPin] = useState('');
  const ready = pin.length >= PIN_MIN && !pending;
  const press = (digit: string) => setPin((current) => (current.length < PIN_MAX ? current + digit : current));
  const erase = () => setPin((current) => current.slice(0, -1));
  const submit = () => {
    if (!ready) return;
    onSubmit(pin);
    setPin('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (/^[0-9]$/.test(event.key)) press(event.key);
    else if (event.key === 'Backspace') erase();
    else if (event.key === 'Enter') submit();
    else return;
    event.preventDefault();
  };
  const key = (digit: string) => (
    <Button key={digit} variant="outlined" onClick={() => press(digit)} aria-label={t('digit', { digit })} sx={{ fontSize: '1.5rem', minHeight: 56 }}>
      {digit}
    </Button>
  );
  return (
    <Stack spacing={2} onKeyDown={onKeyDown} tabIndex={0} sx={{ alignItems: 'center', outline: 'none' }} data-testid="pin-pad">
      <Typography variant="body2" color="textSecondary">
        {t('pinPadHint')}
      </Typography>
      <Box aria-live="polite" aria-label={t('pinPadTitle')} role="img" sx={{ display: 'flex', gap: 1.5, minHeight: 20 }}>
        {Array.from({ length: Math.max(PIN_MIN, pin.length) }, (_, i) => (
          <Box
            key={i}
            sx={{
              width: 14,
              height: 14,
              borderRadius: '50%',
              border: 2,
              borderColor: 'primary.main',
              bgcolor: i < pin.length ? 'primary.main' : 'transparent',
            }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, width: '100%', maxWidth: 280 }}>
        {DIGITS.map(key)}
        <Button variant="text" onClick={erase} aria-label={t('deleteDigit')} disabled={pin.length === 0} sx={{ minHeight: 56 }}>
          <BackspaceOutlinedIcon />
        </Button>
        {key('0')}
        <span />
      </Box>
      <Button variant="contained" size="large" onClick={submit} disabled={!ready} sx={{ width: '100%', maxWidth: 280 }}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
