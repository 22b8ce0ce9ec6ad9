import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import type { LoginResponse, User } from '@saathi/shared';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitcher } from '../language';
import { fetchFeatureFlags, useFeatureFlags } from '../../lib/feature-flags';
import { changeAppLanguage } from '../../i18n';
import { readStoredLanguage } from '../../i18n/languages';
import { api } from '../../lib/api-client';
import { userKeys } from '../../entities/user';
import { postLoginDestination, readFromState, type SavedLocation, useSession } from '../../entities/session';
import { PhoneStep } from './phone-step';
import { CodeStep } from './code-step';

/** `/login/:referrer?` — phone number, then the 6-digit code sent by SMS. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { referrer } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [sent, setSent] = useState<{ phoneNumber: string; attemptId: string; resendAfterSeconds: number } | null>(null);
  const from = readFromState(location.state);

  if (session.isLoggedIn && session.user) return <SignedInRedirect user={session.user} from={from} />;

  const onLoggedIn = async ({ user }: LoginResponse) => {
    queryClient.clear();
    queryClient.setQueryData(userKeys.me(), user);
    const deviceLanguage = readStoredLanguage();
    if (!user.profileCompleted && deviceLanguage && deviceLanguage !== user.language) {
      // A new user who already picked a language on this device keeps it; the account learns it.
      session.setSession(user);
      api
        .call('PATCH /users/me', { body: { language: deviceLanguage } })
        .then((updated) => session.updateUser(updated))
        .catch(() => undefined);
    } else {
      // Everyone else gets the language saved on their account.
      await changeAppLanguage(user.language);
      session.setSession(user);
    }
    // Only an astroai user's landing depends on the run-time config (queryClient.clear() above dropped it).
    const astroEnabled = user.defaultApp === 'astroai' && (await fetchFeatureFlags(queryClient)).astroAi;
    void navigate(postLoginDestination(user, from, { astroEnabled }), { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          color: 'primary.contrastText',
          background: 'linear-gradient(160deg, #AD1457 0%, #D81B60 60%, #EC407A 100%)',
          pt: 'calc(env(safe-area-inset-top) + 8px)',
          pb: 7,
          px: 2,
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitcher />
        </Box>
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <BrandMark size={64} />
          <Typography variant="h1" sx={{ mt: 1 }}>
            {t('common:appName')}
          </Typography>
          <Typography sx={{ opacity: 0.95, mt: 0.5 }}>{t('tagline')}</Typography>
        </Box>
      </Box>

      <Box component="main" sx={{ flexGrow: 1, px: 2, mt: -5, pb: 4 }}>
        <Paper variant="outlined" sx={{ maxWidth: 440, mx: 'auto', p: { xs: 2.5, sm: 4 }, borderRadius: '20px' }}>
          {referrer && <Chip color="secondary" variant="outlined" label={t('invitedBy', { referrer })} sx={{ mb: 2 }} />}
          {sent === null ? (
            <PhoneStep
              onSent={(phone, response) => setSent({ phoneNumber: phone, attemptId: response.attemptId, resendAfterSeconds: response.resendAfterSeconds })}
            />
          ) : (
            <CodeStep
              phoneNumber={sent.phoneNumber}
              initialAttemptId={sent.attemptId}
              referrer={referrer}
              initialResendAfterSeconds={sent.resendAfterSeconds}
              onChangeNumber={() => setSent(null)}
              onLoggedIn={onLoggedIn}
            />
          )}
        </Paper>
        <Typography variant="body2" sx={{ textAlign: 'center', mt: 3, color: 'text.secondary' }}>
          {t('emergencyNote')}{' '}
          <Link href="tel:112" sx={{ fontWeight: 700 }}>
            112
          </Link>
        </Typography>
        <Box component="nav" aria-label={t('footerLinks')} sx={{ display: 'flex', justifyContent: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to="/tnc">
            {t('nav:terms')}
          </Link>
          <Link component={RouterLink} to="/help">
            {t('nav:help')}
          </Link>
          <Link component={RouterLink} to="/about-us">
            {t('nav:about')}
          </Link>
        </Box>
      </Box>
    </Box>
  );
}

/** Someone already signed in is sent on; an astroai user waits for the public config to know whether the feature is on. */
function SignedInRedirect({ user, from }: { user: User; from: SavedLocation | null }) {
  const featureFlags = useFeatureFlags();
  if (user.defaultApp === 'astroai' && !featureFlags.known) return null;
  return <Navigate to={postLoginDestination(user, from, { astroEnabled: featureFlags.astroAi })} replace />;
}
