import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { User } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BusyNote } from '../../components/busy-note';
import { PageHeader } from '../../components/page-header';
import { WithMe } from '../../entities/user-screen';
import { LeaderboardList } from './leaderboard-list';
import { useLeaderboardQuery } from './queries';
import { ScoreCard } from './score-card';
import { defaultTab, leaderboardTabs, type LeaderboardTab } from './tabs';

/** `/leaderboard` (SPEC.md §2): 'Your score' and the ranking of the city, state, India or a saved place. */
export function LeaderboardPage() {
  return <WithMe>{(user) => <Leaderboard user={user} />}</WithMe>;
}

function Leaderboard({ user }: { user: User }) {
  const { t } = useTranslation('leaderboard');
  const [params, setParams] = useSearchParams();
  const tabs = leaderboardTabs(user);
  // The open tab is in the URL (?tab=state) so a reload or a shared link keeps it.
  const active = tabs.find((tab) => tab.id === params.get('tab')) ?? defaultTab(tabs);
  const query = useLeaderboardQuery(active);
  const place = tabName(active, t('tabs.india'));

  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ScoreCard me={query.data?.pages[0]?.me} place={place} user={user} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={active.id}
          onChange={(_event, id: string) => setParams({ tab: id }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('tabsLabel')}
        >
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id} label={tabName(tab, t('tabs.india'))} id={`leaderboard-tab-${tab.id}`} aria-controls="leaderboard-panel" />
          ))}
        </Tabs>
      </Box>
      <BusyNote query={query} />
      <div role="tabpanel" id="leaderboard-panel" aria-labelledby={`leaderboard-tab-${active.id}`}>
        <LeaderboardList key={active.id} query={query} place={place} />
      </div>
    </Stack>
  );
}

/** A tab is named by its place (the city, the state, the saved place's name); the country is "India". */
function tabName(tab: LeaderboardTab, india: string): string {
  return tab.kind === 'country' ? india : tab.place;
}
