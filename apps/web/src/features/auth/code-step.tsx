import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginResponse, OtpVerifyBody } from '@saathi/shared';
import { FormTextField } from '../../components/form-fields';
import { api } from '../../lib/api-client';
import { checkOtpCode, formatPhoneForDisplay, keepDigits } from './login-validation';
import { LoginStepForm } from './login-step-form';
import { useStepErrors } from './use-step-errors';
import { requestOtp } from './phone-step';
import { countdownText, useCountdown } from './use-countdown';
import { useHumanCheck } from './use-human-check';

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
  const [code, setCode] = useState('');
  // A resent code belongs to a new attempt: the code is checked against the attempt that asked for it.
  const [attemptId, setAttemptId] = useState(initialAttemptId);
  const { formError, checked, showError, clear, fieldProps } = useStepErrors('code');
  const [notice, setNotice] = useState<string | null>(null);
  const { secondsLeft, start } = useCountdown();

  useEffect(() => start(initialResendAfterSeconds), [initialResendAfterSeconds, start]);

  const verify = useMutation({ mutationFn: verifyOtp });
  const resend = useMutation({ mutationFn: requestOtp });
  const human = useHumanCheck(showError);

  const verifyCode = (checkedCode: string, altcha?: string) =>
    verify.mutate(
      { phoneNumber, code: checkedCode, attemptId, ...(referrer ? { referrer } : {}), ...(altcha ? { altcha } : {}) },
      {
        onSuccess: (response) => void onLoggedIn(response),
        onError: (error) => {
          if (!human.asked(error, (solved) => verifyCode(checkedCode, solved))) showError(error);
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    human.cancel();
    const checkedCode = checked(checkOtpCode(code));
    if (checkedCode === null) return;
    verifyCode(checkedCode);
  };

  const resendCode = (altcha?: string) => {
    clear();
    human.cancel();
    resend.mutate(
      { phoneNumber, ...(altcha ? { altcha } : {}) },
      {
        onSuccess: (response) => {
          setAttemptId(response.attemptId);
          setCode('');
          setNotice(t('codeResent'));
          start(response.resendAfterSeconds);
        },
        onError: (error) => {
          if (!human.asked(error, (solved) => resendCode(solved))) showError(error);
        },
      },
    );
  };

  return (
    <LoginStepForm
      title={t('codeTitle')}
      intro={
        <>
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>
            {t('codeSentTo')} <bdi style={{ fontWeight: 500 }}>{formatPhoneForDisplay(phoneNumber)}</bdi>
          </Typography>
          <Button variant="text" size="small" onClick={onChangeNumber} sx={{ mb: 2, px: 1, ml: -1 }}>
            {t('changeNumber')}
          </Button>
        </>
      }
      onSubmit={submit}
      formError={formError}
      notice={notice}
      submitLabel={t('verify')}
      pending={verify.isPending || human.checking}
      check={human.check}
      footer={
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button variant="text" onClick={() => resendCode()} disabled={secondsLeft > 0 || resend.isPending || human.checking}>
            {t('resendCode')}
          </Button>
          {secondsLeft > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {secondsLeft < 60 ? t('resendIn', { seconds: secondsLeft }) : t('resendInClock', { time: countdownText(secondsLeft) })}
            </Typography>
          )}
        </Box>
      }
    >
      <FormTextField
        id="login-code"
        label={t('codeLabel')}
        value={code}
        {...fieldProps((next) => setCode(keepDigits(next, 6)))}
        hint={t('codeHelper')}
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
    </LoginStepForm>
  );
}
