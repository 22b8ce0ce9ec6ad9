import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ageInYears, LIMITS, type LeaderboardMe, type User } from '@saathi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ScoreBreakdown } from './score-breakdown';

interface ScoreCardProps {
  /** The caller's row from the open tab; undefined while it loads. */
  me: LeaderboardMe | undefined;
  /** The open tab's name, for "Rank 3 · Ahmedabad". */
  place: string;
  user: User;
}

/** 'Your score': the total and the rank in the open tab, expanding into how the points were earned. */
export function ScoreCard({ me, place, user }: ScoreCardProps) {
  const { t } = useTranslation('leaderboard');
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const detailsId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('yourScore')}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="your-score">
            {me ? t('points', { count: me.score }) : <Skeleton width={120} />}
          </Typography>
        </Box>
        <Typography color="textSecondary" sx={{ textAlign: 'right', pt: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
          {me ? t('rankIn', { rank: me.rank, place }) : <Skeleton width={96} />}
        </Typography>
      </Box>

      {me && !me.listed && <NotListedNotice user={user} />}

      <Button
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={detailsId}
        disabled={!me}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        sx={{ mt: 1, ml: -1.5 }}
      >
        {t('howEarned')}
      </Button>
      <Collapse in={open && me !== undefined} id={detailsId}>
        {me && (
          <Box sx={{ pt: 1 }}>
            <ScoreBreakdown breakdown={me.scoreBreakdown} />
          </Box>
        )}
      </Collapse>
    </Paper>
  );
}

/** Why others do not see the caller: the setting, their age, or a profile without name or birth date. */
function NotListedNotice({ user }: { user: User }) {
  const { t } = useTranslation('leaderboard');
  const underAge = user.dob !== null && ageInYears(user.dob) < LIMITS.adultAgeYears;
  // Under 18 comes first: switching the setting on would not change it.
  if (underAge) {
    return (
      <Alert severity="info" sx={{ mt: 1.5 }}>
        {t('notListed.underAge')}
      </Alert>
    );
  }
  const settingOff = !user.showOnLeaderboard;
  return (
    <Alert severity="info" sx={{ mt: 1.5 }}>
      {settingOff ? t('notListed.settingOff') : t('notListed.incompleteProfile')}{' '}
      <Link
        component={RouterLink}
        to={settingOff ? '/account?tab=language' : '/account?tab=profile'}
        color="inherit"
        underline="always"
        sx={{ fontWeight: 600 }}
      >
        {settingOff ? t('notListed.changeSetting') : t('notListed.completeProfile')}
      </Link>
    </Alert>
  );
}
