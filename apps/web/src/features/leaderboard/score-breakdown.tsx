import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ScoreBreakdown as Breakdown } from '@saathi/shared';
import { useTranslation } from 'react-i18next';

/** How the total was earned, line by line (docs/leaderboard.md: the points table), then the total. */
export function ScoreBreakdown({ breakdown }: { breakdown: Breakdown }) {
  const { t } = useTranslation('leaderboard');
  // [label, what was counted, points], in the order of the points table.
  const lines: readonly (readonly [string, string, number])[] = [
    [t('breakdown.referrals'), t('breakdown.people', { count: breakdown.referrals.count }), breakdown.referrals.score],
    [t('breakdown.referralLocations'), t('breakdown.places', { count: breakdown.referralLocations.count }), breakdown.referralLocations.score],
    [t('breakdown.volunteerLocations'), t('breakdown.places', { count: breakdown.volunteerLocations.count }), breakdown.volunteerLocations.score],
    [t('breakdown.selfActivity'), t('breakdown.days', { count: breakdown.selfActivity.daysActive }), breakdown.selfActivity.score],
    [t('breakdown.referralsActivity'), t('breakdown.days', { count: breakdown.referralsActivity.totalDaysActive }), breakdown.referralsActivity.score],
  ];
  return (
    // Narrow on a wide screen, so each line's points stay within a glance of its label.
    <Box component="dl" sx={{ m: 0, maxWidth: 560 }}>
      {lines.map(([label, detail, score]) => (
        <Line key={label} label={label} detail={detail} points={t('points', { count: score })} />
      ))}
      <Line label={t('breakdown.total')} points={t('points', { count: breakdown.totalScore })} total />
    </Box>
  );
}

function Line({ label, detail, points, total = false }: { label: string; detail?: string; points: string; total?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'baseline',
        gap: 2,
        py: 1,
        borderTop: 1,
        borderColor: total ? 'text.primary' : 'divider',
      }}
    >
      <Box component="dt" sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: total ? 700 : 500 }}>{label}</Typography>
        {detail && (
          <Typography variant="body2" color="textSecondary">
            {detail}
          </Typography>
        )}
      </Box>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap' }}>
        {points}
      </Typography>
    </Box>
  );
}
