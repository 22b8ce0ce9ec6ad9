import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LoginChallenge } from '@saathi/shared';
import { ApiError, isApiError } from '../../lib/api-client';
import { HumanCheck } from './human-check';

/**
 * A login step's answer to 428 `challenge_required`: `asked(error, retry)` is true when the
 * error asked for a challenge; the check then shows (`check`) and, once solved, runs `retry`
 * with the solution, which sends the same request again. A check that cannot load (offline)
 * goes to `onFailed` as a network error.
 */
export function useHumanCheck(onFailed: (error: unknown) => void): {
  asked: (error: unknown, retry: (altcha: string) => void) => boolean;
  check: ReactNode;
  checking: boolean;
  cancel: () => void;
} {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState<{ challenge: LoginChallenge; retry: (altcha: string) => void } | null>(null);

  const asked = (error: unknown, retry: (altcha: string) => void) => {
    if (!isApiError(error) || error.code !== 'challenge_required' || !error.challenge) return false;
    setPending({ challenge: error.challenge, retry });
    return true;
  };

  const check = pending ? (
    <Box role="status" sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('humanCheck.explain')}
      </Typography>
      <HumanCheck
        challenge={pending.challenge}
        onSolved={(altcha) => {
          setPending(null);
          pending.retry(altcha);
        }}
        onFailed={() => {
          setPending(null);
          onFailed(new ApiError(0, 'NETWORK_ERROR', 'The check could not be loaded'));
        }}
      />
    </Box>
  ) : null;

  return { asked, check, checking: pending !== null, cancel: () => setPending(null) };
}
