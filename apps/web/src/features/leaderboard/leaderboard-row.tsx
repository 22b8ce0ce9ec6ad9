import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LeaderboardEntry } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { brand } from '../../theme/tokens';
import { medalOf, RankBadge } from './rank-badge';

/**
 * One ranked person: rank, name (with the medal or "You" written under it) and points. The
 * caller's own row is tinted and says "You", so it is found without relying on the colour.
 */
export function LeaderboardRow({ entry, component = 'li' }: { entry: LeaderboardEntry; component?: 'li' | 'div' }) {
  const { t } = useTranslation('leaderboard');
  const medal = medalOf(entry.rank);
  const medalName = medal === 'gold' ? t('medals.gold') : medal === 'silver' ? t('medals.silver') : medal === 'bronze' ? t('medals.bronze') : null;
  const note = [medalName, entry.isCurrentUser ? t('you') : null].filter(Boolean).join(' · ');
  return (
    <Box
      component={component}
      data-testid="leaderboard-row"
      aria-current={entry.isCurrentUser ? 'true' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 64,
        px: { xs: 1.5, sm: 2 },
        py: 1,
        bgcolor: entry.isCurrentUser ? brand.pinkTint : 'transparent',
        borderLeft: `4px solid ${entry.isCurrentUser ? brand.pink : 'transparent'}`,
      }}
    >
      <span className="visually-hidden">{t('rank', { rank: entry.rank })}</span>
      <RankBadge rank={entry.rank} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: entry.isCurrentUser ? 700 : 500, overflowWrap: 'anywhere' }}>{entry.name}</Typography>
        {note && (
          <Typography variant="body2" color="textSecondary">
            {note}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', flexShrink: 0 }}>{t('points', { count: entry.score })}</Typography>
    </Box>
  );
}

/** A grey row the size of a real one, shown while a page loads so the list does not jump. */
export function LeaderboardRowSkeleton() {
  return (
    <Box component="li" aria-hidden="true" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 64, px: { xs: 1.5, sm: 2 }, py: 1 }}>
      <Box sx={{ width: 40, height: 40, borderRadius: 999, bgcolor: 'action.hover', flexShrink: 0 }} />
      <Box sx={{ flex: 1, height: 16, borderRadius: 1, bgcolor: 'action.hover', maxWidth: 160 }} />
      <Box sx={{ width: 64, height: 16, borderRadius: 1, bgcolor: 'action.hover' }} />
    </Box>
  );
}
