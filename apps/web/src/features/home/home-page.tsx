import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CommunityIcon, NewsIcon, SosIcon, VolunteersIcon, type IconComponent } from '../../components/icons';
import { useSession } from '../../entities/session';
import { isInstalled, useInstallPrompt } from './install-prompt';
import { SHORTCUTS } from './shortcuts';

/** `/home`: what Saathi is for visitors; the way to every part of the app for the signed-in. */
export function HomePage() {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? <SignedInHome /> : <VisitorHome />;
}

const FEATURES: readonly { id: 'sos' | 'volunteers' | 'community' | 'news'; icon: IconComponent }[] = [
  { id: 'sos', icon: SosIcon },
  { id: 'volunteers', icon: VolunteersIcon },
  { id: 'community', icon: CommunityIcon },
  { id: 'news', icon: NewsIcon },
];

function VisitorHome() {
  const { t } = useTranslation('home');
  const features = t('visitor.features', { returnObjects: true }) as Record<(typeof FEATURES)[number]['id'], { title: string; body: string }>;
  const signInSteps = t('visitor.signIn.steps', { returnObjects: true }) as string[];
  return (
    <Box component="article" sx={{ maxWidth: 900 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('visitor.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('visitor.intro')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {FEATURES.map(({ id, icon: Icon }) => (
          <Paper component="li" key={id} variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box sx={{ color: 'primary.main', mt: 0.25, flexShrink: 0, display: 'flex' }}>
              <Icon />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
                {features[id].title}
              </Typography>
              <Typography variant="body2">{features[id].body}</Typography>
            </Box>
          </Paper>
        ))}
      </Box>
      <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {t('visitor.signIn.title')}
        </Typography>
        <Box component="ol" sx={{ pl: 3, mt: 0 }}>
          {signInSteps.map((step) => (
            <Typography component="li" key={step} sx={{ mb: 0.5 }}>
              {step}
            </Typography>
          ))}
        </Box>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('visitor.signIn.action')}
        </Button>
      </Paper>
      <InstallSection />
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('visitor.emergency')}{' '}
        <Button href="tel:112" color="error" size="small" variant="outlined">
          {t('common:call112')}
        </Button>
      </Typography>
    </Box>
  );
}

function InstallSection() {
  const { t } = useTranslation('home');
  const { canPrompt, install } = useInstallPrompt();
  const manual = t('install.manual', { returnObjects: true }) as { who: string; how: string }[];
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('install.title')}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{t('install.why')}</Typography>
      {isInstalled() ? (
        <Typography sx={{ fontWeight: 600 }}>{t('install.installed')}</Typography>
      ) : canPrompt ? (
        <Button variant="contained" onClick={() => void install()}>
          {t('install.action')}
        </Button>
      ) : (
        <Box component="ul" sx={{ pl: 3, my: 0 }}>
          {manual.map(({ who, how }) => (
            <Typography component="li" key={who} sx={{ mb: 0.75 }}>
              <Box component="strong">{who}</Box>: {how}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

function SignedInHome() {
  const { t } = useTranslation('home');
  const { user } = useSession();
  const shortcuts = t('shortcuts', { returnObjects: true }) as Record<(typeof SHORTCUTS)[number]['id'], { title: string; body: string }>;
  const name = user?.name?.trim();
  return (
    <Box component="article" sx={{ maxWidth: 900 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {name ? t('member.titleNamed', { name }) : t('member.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('member.intro')}</Typography>
      <Box component="nav" aria-label={t('member.shortcutsLabel')}>
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
        >
          {SHORTCUTS.map(({ id, path, icon: Icon }) => (
            <li key={id}>
              <Paper
                component={RouterLink}
                to={path}
                variant="outlined"
                sx={{
                  p: 2,
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'flex-start',
                  textDecoration: 'none',
                  color: 'inherit',
                  height: '100%',
                  '&:hover, &:focus-visible': { borderColor: 'primary.main' },
                }}
              >
                <Box sx={{ color: 'primary.main', mt: 0.25, flexShrink: 0, display: 'flex' }}>
                  <Icon />
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{shortcuts[id].title}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {shortcuts[id].body}
                  </Typography>
                </Box>
              </Paper>
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
