import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginResponse, OtpVerifyBody } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { checkOtpCode, formatPhoneForDisplay, keepDigits } from './login-validation';
import { describeLoginError } from './login-errors';
import { requestOtp } from './phone-step';
import { useCountdown } from './use-countdown';

function verifyOtp(body: OtpVerifyBody): Promise<LoginResponse> {
  return api.call('POST /auth/otp/verify', { body });
}

interface CodeStepProps {
  phoneNumber: string;
  /** The login attempt the newest code was sent for (from the code request). */
  initialAttemptId: string;
  referrer: string | undefined;
  initialResendAfterSeconds: number;
  onChangeNumber: () => void;
  onLoggedIn: (response: LoginResponse) => Promise<void>;
}

export function CodeStep({ phoneNumber, initialAttemptId, referrer, initialResendAfterSeconds, onChangeNumber, onLoggedIn }: CodeStepProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  // A resent code belongs to a new attempt: the code is checked against the attempt that asked for it.
  const [attemptId, setAttemptId] = useState(initialAttemptId);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { secondsLeft, start } = useCountdown();

  useEffect(() => start(initialResendAfterSeconds), [initialResendAfterSeconds, start]);

  const showError = (error: unknown) => {
    const view = describeLoginError(error, errorText);
    if (view.field === 'code') setFieldError(view.message);
    else setFormError(view.message);
  };

  const verify = useMutation({ mutationFn: verifyOtp });
  const resend = useMutation({ mutationFn: requestOtp });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    const check = checkOtpCode(code);
    if (!check.ok) {
      setFieldError(t(check.errorKey));
      return;
    }
    setFieldError(null);
    verify.mutate(
      { phoneNumber, code: check.value, attemptId, ...(referrer ? { referrer } : {}) },
      { onSuccess: (response) => void onLoggedIn(response), onError: showError },
    );
  };

  const resendCode = () => {
    setFormError(null);
    setFieldError(null);
    resend.mutate(phoneNumber, {
      onSuccess: (response) => {
        setAttemptId(response.attemptId);
        setCode('');
        setNotice(t('codeResent'));
        start(response.resendAfterSeconds);
      },
      onError: showError,
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('codeTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>
        {t('codeSentTo')} <bdi style={{ fontWeight: 500 }}>{formatPhoneForDisplay(phoneNumber)}</bdi>
      </Typography>
      <Button variant="text" size="small" onClick={onChangeNumber} sx={{ mb: 2, px: 1, ml: -1 }}>
        {t('changeNumber')}
      </Button>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      {notice && !formError && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <TextField
        id="login-code"
        label={t('codeLabel')}
        value={code}
        onChange={(event) => {
          setCode(keepDigits(event.target.value, 6));
          if (fieldError) setFieldError(null);
        }}
        error={fieldError !== null}
        helperText={fieldError ?? t('codeHelper')}
        autoFocus
        autoComplete="one-time-code"
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: 6,
            style: { letterSpacing: '0.4em', fontSize: '1.25rem' },
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} loading={verify.isPending}>
        {t('verify')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="text" onClick={resendCode} disabled={secondsLeft > 0 || resend.isPending}>
          {t('resendCode')}
        </Button>
        {secondsLeft > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('resendIn', { seconds: secondsLeft })}
          </Typography>
        )}
      </Box>
    </form>
  );
}
