import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorText } from '../../lib/error-text';
import { isPushClientMessage } from '../../pwa/push-messages';
import { enablePush, syncPushSubscription } from '../../pwa/push-subscription';
import { useSession } from '../../entities/session';
import { useLiveEvents } from '../../entities/live-events';
import { useMeQuery } from '../../entities/user';
import { FixSteps } from './fix-steps';
import { useSendTestPushMutation } from './queries';
import {
  askPermission,
  profileGaps,
  readOfflineReadiness,
  readPermissions,
  READINESS_PERMISSIONS,
  worksOffline,
  type PermissionStatus,
  type ProfileGap,
  type ReadinessPermission,
} from './readiness-checks';

// Not-yet-decided states stay neutral: MUI's orange chip fails the AA contrast check with white text.
const STATUS_COLOR: Record<PermissionStatus, 'success' | 'error' | 'default'> = {
  granted: 'success',
  denied: 'error',
  prompt: 'default',
  unknown: 'default',
  unsupported: 'default',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** `/test`: "Is my phone ready for an emergency?" Device checks for anyone; push and profile for the signed-in. */
export function ReadinessPage() {
  const { t } = useTranslation('readiness');
  const { isLoggedIn } = useSession();
  return (
    <Box component="article" sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('intro')}</Typography>
      <PermissionsSection />
      {isLoggedIn ? <TestPushSection /> : null}
      <OfflineSection />
      {isLoggedIn ? (
        <ProfileSection />
      ) : (
        <Section title={t('signedOut.title')}>
          <Typography sx={{ mb: 1.5 }}>{t('signedOut.body')}</Typography>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('signedOut.signIn')}
          </Button>
        </Section>
      )}
    </Box>
  );
}

function PermissionsSection() {
  const { t } = useTranslation('readiness');
  const [states, setStates] = useState<Record<ReadinessPermission, PermissionStatus> | null>(null);
  const [asking, setAsking] = useState<ReadinessPermission | null>(null);
  useEffect(() => {
    let live = true;
    void readPermissions().then((read) => live && setStates(read));
    return () => {
      live = false;
    };
  }, []);
  const ask = async (permission: ReadinessPermission) => {
    setAsking(permission);
    try {
      const state = await askPermission(permission, enablePush);
      setStates((current) => (current ? { ...current, [permission]: state } : current));
    } finally {
      setAsking(null);
    }
  };
  const names = t('permissions.names', { returnObjects: true }) as Record<ReadinessPermission, string>;
  const why = t('permissions.why', { returnObjects: true }) as Record<ReadinessPermission, string>;
  const stateTexts = t('permissions.states', { returnObjects: true }) as Record<PermissionStatus, string>;
  const anyDenied = states !== null && READINESS_PERMISSIONS.some((name) => states[name] === 'denied');
  return (
    <Section title={t('permissions.title')}>
      <Typography sx={{ mb: 1.5 }}>{t('permissions.body')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {READINESS_PERMISSIONS.map((name) => {
          const state = states?.[name];
          return (
            <Box
              component="li"
              key={name}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{names[name]}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {why[name]}
                </Typography>
              </Box>
              {state ? <Chip size="small" color={STATUS_COLOR[state]} label={stateTexts[state]} /> : null}
              {state === 'prompt' || state === 'unknown' ? (
                <Button size="small" variant="outlined" disabled={asking !== null} onClick={() => void ask(name)}>
                  {t('permissions.ask')}
                </Button>
              ) : null}
            </Box>
          );
        })}
      </Box>
      {anyDenied ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('permissions.denied')}
        </Alert>
      ) : null}
      <FixSteps />
    </Section>
  );
}

type PushPhase = 'idle' | 'waiting' | 'arrived' | 'notSeen' | 'noSubscription' | 'failed';

/** How long to wait for the service worker to report the test push before saying it did not arrive. */
const ARRIVAL_WAIT_MS = 30_000;

function TestPushSection() {
  const { t } = useTranslation('readiness');
  const errorText = useErrorText();
  const send = useSendTestPushMutation();
  const [phase, setPhase] = useState<PushPhase>('idle');
  /** The test notification as the server sent it, seen on the app's live stream (any phone, push or not). */
  const [inApp, setInApp] = useState<{ title: string; body: string } | null>(null);
  const phaseTexts = t('push.phases', { returnObjects: true }) as Record<Exclude<PushPhase, 'idle'>, string>;

  // Every notification also reaches open pages on the live stream; listening from the start, the
  // test one is not missed however fast the server answers.
  useLiveEvents((message) => {
    if (message.type !== 'notification.created' || message.data.notification.type !== 'push.test') return;
    setInApp({ title: message.data.notification.title, body: message.data.notification.body });
  });

  // The service worker shows the push and tells open pages (public/push-sw.js): that is "arrived".
  useEffect(() => {
    if (phase !== 'waiting' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (isPushClientMessage(event.data) && event.data.payload.type === 'push.test') setPhase('arrived');
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    const timer = setTimeout(() => setPhase((current) => (current === 'waiting' ? 'notSeen' : current)), ARRIVAL_WAIT_MS);
    return () => {
      navigator.serviceWorker.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [phase]);

  const sendTest = useCallback(async () => {
    // Make sure this browser's subscription is stored first; without permission it stays 'none'.
    await syncPushSubscription().catch(() => false);
    setInApp(null);
    send.mutate(undefined, {
      onSuccess: ({ outcome }) => setPhase(outcome === 'sent' ? 'waiting' : outcome === 'none' ? 'noSubscription' : 'failed'),
    });
  }, [send]);

  return (
    <Section title={t('push.title')}>
      <Typography sx={{ mb: 1.5 }}>{t('push.body')}</Typography>
      <Button variant="contained" onClick={() => void sendTest()} disabled={send.isPending || phase === 'waiting'}>
        {t('push.send')}
      </Button>
      <Box role="status" aria-live="polite" sx={{ mt: 1.5 }}>
        {send.isError ? <Alert severity="error">{errorText(send.error)}</Alert> : null}
        {phase !== 'idle' && !send.isError ? (
          <Alert severity={phase === 'arrived' ? 'success' : phase === 'waiting' ? 'info' : 'warning'}>{phaseTexts[phase]}</Alert>
        ) : null}
        {inApp ? (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('push.inApp', { title: inApp.title, body: inApp.body })}
          </Alert>
        ) : null}
      </Box>
    </Section>
  );
}

function OfflineSection() {
  const { t } = useTranslation('readiness');
  // Read once per visit: installing or caching happens between visits, not while reading this page.
  const { data: offline } = useQuery({ queryKey: ['readiness', 'offline'], queryFn: readOfflineReadiness, staleTime: 0, gcTime: 0 });
  if (!offline) return null;
  const ready = worksOffline(offline);
  return (
    <Section title={t('offline.title')}>
      <Alert severity={ready ? 'success' : 'warning'}>{t(ready ? 'offline.ready' : 'offline.notReady')}</Alert>
    </Section>
  );
}

function ProfileSection() {
  const { t } = useTranslation('readiness');
  const me = useMeQuery();
  if (!me.data) return null;
  const gaps = profileGaps(me.data);
  const missing = t('profile.missing', { returnObjects: true }) as Record<ProfileGap, string>;
  const fix = t('profile.fix', { returnObjects: true }) as Record<ProfileGap, string>;
  return (
    <Section title={t('profile.title')}>
      {gaps.length === 0 ? (
        <Alert severity="success">{t('profile.complete')}</Alert>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {gaps.map((gap) => (
            <Box component="li" key={gap} sx={{ mb: 1.5 }}>
              {/* The fix goes under the text: beside it, a 360 px screen squeezes both into a narrow column. */}
              <Alert severity="warning">
                <Box component="span" sx={{ display: 'block', mb: 1 }}>
                  {missing[gap]}
                </Box>
                <Button
                  component={RouterLink}
                  to={gap === 'contacts' ? '/account?tab=contacts' : '/account?tab=locations'}
                  variant="outlined"
                  color="inherit"
                  size="small"
                >
                  {fix[gap]}
                </Button>
              </Alert>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
