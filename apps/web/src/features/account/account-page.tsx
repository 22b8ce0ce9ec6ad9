import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import FeedbackIcon from '@mui/icons-material/Feedback';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationImportantOutlinedIcon from '@mui/icons-material/NotificationImportantOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs, { type TabsActions } from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { hasManagementRole, type User } from '@saathi/shared';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatIndianMobile } from '../../lib/indian-mobile';
import { WithMe } from '../../entities/user-screen';
import { BusinessTab } from './tabs/business-tab';
import { ContactsTab } from './tabs/contacts-tab';
import { LanguageTab } from './tabs/language-tab';
import { LocationsTab } from './tabs/locations-tab';
import { NewsTab } from './tabs/news-tab';
import { ProfileTab } from './tabs/profile-tab';
import { SosTab } from './tabs/sos-tab';
import { VolunteeringTab } from './tabs/volunteering-tab';
import { SafetyTimerAccountSection } from '../safety-timer';
import { AlertSettingsTab } from './tabs/alerts-tab';
import { useLogout } from './use-logout';
import { AstroLinkButton } from '../astro';

const TABS = [
  { id: 'profile', Panel: ProfileTab },
  { id: 'contacts', Panel: ContactsTab },
  { id: 'locations', Panel: LocationsTab },
  { id: 'sos', Panel: SosTab },
  { id: 'volunteering', Panel: VolunteeringTab },
  { id: 'business', Panel: BusinessTab },
  { id: 'news', Panel: NewsTab },
  { id: 'alerts', Panel: AlertSettingsTab },
  { id: 'language', Panel: LanguageTab },
] as const satisfies readonly { id: string; Panel: ComponentType<{ user: User }> }[];

type TabId = (typeof TABS)[number]['id'];

function isTabId(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

/** `/account`: the profile in tabs. The open tab is in the URL (`?tab=sos`) so it can be linked and survives reload. */
export function AccountPage() {
  return <WithMe>{(user) => <Account user={user} />}</WithMe>;
}

function Account({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { logOut, pending } = useLogout();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabId = isTabId(requested) ? requested : 'profile';
  const activeTab = TABS.find((tab) => tab.id === active) ?? TABS[0];
  const ActivePanel = activeTab.Panel;
  const initial = user.name?.trim().charAt(0).toUpperCase() || undefined;

  const tabsActions = useRef<TabsActions>(null);

  // The web fonts widen the tabs after MUI first measured them, leaving the indicator and the
  // scroll position (a linked ?tab= may be far right on a phone) stale: measure again once loaded.
  useEffect(() => {
    let live = true;
    void document.fonts?.ready.then(() => {
      if (live) tabsActions.current?.updateIndicator();
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Container maxWidth="md" disableGutters>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }} aria-hidden>
            {initial}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h5" component="h1" noWrap sx={{ fontWeight: 700 }}>
              {user.name ?? t('title')}
            </Typography>
            <Typography variant="body2" color="textSecondary" noWrap>
              +91 {formatIndianMobile(user.phoneNumber)}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('referralId', { id: user.referralId })}
            </Typography>
          </Box>
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<LogoutIcon />}
            onClick={() => void logOut()}
            loading={pending}
            size="small"
            sx={{ flexShrink: 0 }}
          >
            {t('logout')}
          </Button>
        </Stack>

        {/* On a phone the bottom bar has no room for these; the desktop side rail lists them itself. */}
        <Box component="nav" aria-label={t('links.label')} sx={{ display: { xs: 'flex', md: 'none' }, flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to="/leaderboard" variant="outlined" size="small" startIcon={<LeaderboardIcon />}>
            {t('links.leaderboard')}
          </Button>
          <Button component={RouterLink} to="/cartificate" variant="outlined" size="small" startIcon={<WorkspacePremiumIcon />}>
            {t('links.certificate')}
          </Button>
          <Button component={RouterLink} to="/alerts" variant="outlined" size="small" startIcon={<NotificationImportantOutlinedIcon />}>
            {t('links.alerts')}
          </Button>
          <AstroLinkButton />
          {hasManagementRole(user.roles) && (
            <Button component={RouterLink} to="/manage" variant="outlined" size="small" startIcon={<AdminPanelSettingsIcon />}>
              {t('links.manage')}
            </Button>
          )}
        </Box>
        <SafetyTimerAccountSection />
        {/* Every width: the side rail has no place for it, and a question about the app starts from one's account. */}
        <Box>
          <Button component={RouterLink} to="/feedback" variant="text" size="small" startIcon={<FeedbackIcon />}>
            {t('links.feedback')}
          </Button>
        </Box>

        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            action={tabsActions}
            value={active}
            onChange={(_event, value: TabId) => setParams({ tab: value }, { replace: true })}
            variant="scrollable"
            // Phones scroll the tabs by swiping; the arrow buttons would also shrink the scroller
            // after MUI scrolled the selected tab into view, hiding it again.
            scrollButtons="auto"
            aria-label={t('tabsLabel')}
          >
            {TABS.map((tab) => (
              <Tab key={tab.id} value={tab.id} label={t(`tabs.${tab.id}`)} id={`account-tab-${tab.id}`} aria-controls={`account-panel-${tab.id}`} />
            ))}
          </Tabs>
        </Box>

        <div role="tabpanel" id={`account-panel-${active}`} aria-labelledby={`account-tab-${active}`}>
          {/* Keyed by tab so each panel starts from the latest saved user when it opens. */}
          <ActivePanel key={active} user={user} />
        </div>
      </Stack>
    </Container>
  );
}
