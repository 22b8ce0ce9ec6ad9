import Box from '@mui/material/Box';
import { brand } from '../../theme/tokens';

/**
 * Medal colours for ranks 1 to 3, each with ink dark enough for AA contrast on it. The medal's
 * name is also written in the row (MedalName), so the colour is never the only sign.
 */
const MEDAL_COLOURS = {
  1: { background: '#F6C945', ink: '#3D2E00' },
  2: { background: '#CDD3DB', ink: '#1F2933' },
  3: { background: '#E0A370', ink: '#3A1D00' },
} as const;

export type Medal = 'gold' | 'silver' | 'bronze';

export function medalOf(rank: number): Medal | null {
  if (rank === 1) return 'gold';
  if (rank === 2) return 'silver';
  if (rank === 3) return 'bronze';
  return null;
}

/** The rank number in a circle; gold, silver or bronze for the first three (ties share a medal). */
export function RankBadge({ rank }: { rank: number }) {
  const medal = rank === 1 || rank === 2 || rank === 3 ? MEDAL_COLOURS[rank] : null;
  // Ranks past 999 would not fit a circle: the badge grows into a pill.
  return (
    <Box
      aria-hidden="true"
      sx={{
        flexShrink: 0,
        minWidth: 40,
        height: 40,
        px: 1,
        borderRadius: 999,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: rank > 99 ? '0.875rem' : '1rem',
        bgcolor: medal ? medal.background : brand.background,
        color: medal ? medal.ink : brand.ink,
        border: medal ? 'none' : `1px solid ${brand.divider}`,
      }}
    >
      {rank}
    </Box>
  );
}
