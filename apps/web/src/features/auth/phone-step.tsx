import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OtpRequestResponse } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { checkPhoneNumber } from './login-validation';
import { describeLoginError } from './login-errors';

export function requestOtp(phoneNumber: string): Promise<OtpRequestResponse> {
  return api.call('POST /auth/otp/request', { body: { phoneNumber } });
}

interface PhoneStepProps {
  onSent: (phoneNumber: string, response: OtpRequestResponse) => void;
}

export function PhoneStep({ onSent }: PhoneStepProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: requestOtp });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const check = checkPhoneNumber(value);
    if (!check.ok) {
      setFieldError(t(check.errorKey));
      return;
    }
    setFieldError(null);
    send.mutate(check.value, {
      onSuccess: (response) => onSent(check.value, response),
      onError: (error) => {
        const view = describeLoginError(error, errorText);
        if (view.field === 'phoneNumber') setFieldError(view.message);
        else setFormError(view.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('phoneTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('phoneHint')}</Typography>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <TextField
        id="login-phone"
        label={t('phoneLabel')}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (fieldError) setFieldError(null);
        }}
        error={fieldError !== null}
        helperText={fieldError ?? t('phoneHelper')}
        autoFocus
        autoComplete="tel-national"
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 16, 'aria-describedby': 'login-phone-helper-text' },
          input: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
        }}
        type="tel"
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} loading={send.isPending}>
        {t('sendCode')}
      </Button>
    </form>
  );
}
