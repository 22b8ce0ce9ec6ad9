import { useState, type FormEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OtpRequestResponse } from '@saathi/shared';
import { FormTextField } from '../../components/form-fields';
import { api } from '../../lib/api-client';
import { checkPhoneNumber } from './login-validation';
import { LoginStepForm } from './login-step-form';
import { useStepErrors } from './use-step-errors';
import { useHumanCheck } from './use-human-check';

/** `altcha`: the solved challenge, when the last answer asked for one (use-human-check.tsx). */
export function requestOtp({ phoneNumber, altcha }: { phoneNumber: string; altcha?: string }): Promise<OtpRequestResponse> {
  return api.call('POST /auth/otp/request', { body: { phoneNumber, ...(altcha ? { altcha } : {}) } });
}

interface PhoneStepProps {
  onSent: (phoneNumber: string, response: OtpRequestResponse) => void;
}

export function PhoneStep({ onSent }: PhoneStepProps) {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState('');
  const { formError, checked, showError, fieldProps } = useStepErrors('phoneNumber');
  const send = useMutation({ mutationFn: requestOtp });
  const human = useHumanCheck(showError);

  const sendCode = (phoneNumber: string, altcha?: string) =>
    send.mutate(
      { phoneNumber, ...(altcha ? { altcha } : {}) },
      {
        onSuccess: (response) => onSent(phoneNumber, response),
        onError: (error) => {
          if (!human.asked(error, (solved) => sendCode(phoneNumber, solved))) showError(error);
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    human.cancel();
    const phoneNumber = checked(checkPhoneNumber(value));
    if (phoneNumber === null) return;
    sendCode(phoneNumber);
  };

  return (
    <LoginStepForm
      title={t('phoneTitle')}
      intro={<Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('phoneHint')}</Typography>}
      onSubmit={submit}
      formError={formError}
      submitLabel={t('sendCode')}
      pending={send.isPending || human.checking}
      check={human.check}
    >
      <FormTextField
        id="login-phone"
        label={t('phoneLabel')}
        value={value}
        {...fieldProps(setValue)}
        hint={t('phoneHelper')}
        autoFocus
        autoComplete="tel-national"
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 16, 'aria-describedby': 'login-phone-helper-text' },
          input: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
        }}
        type="tel"
      />
    </LoginStepForm>
  );
}
