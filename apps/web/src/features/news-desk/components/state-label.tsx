import Box from '@mui/material/Box';
import type { NewsState } from '@saathi/shared';
import { useDeskLabels } from '../labels';

/** Each state in words and its own quiet colour (text on tint, AA contrast); the word carries the meaning. */
const COLOURS: Record<NewsState, { ink: string; tint: string }> = {
  draft: { ink: '#4A4448', tint: '#EFEBED' },
  scheduled: { ink: '#01579B', tint: '#E1F5FE' },
  published: { ink: '#1B5E20', tint: '#E8F5E9' },
  unpublished: { ink: '#7A3E00', tint: '#FFF3E0' },
};

export function StateLabel({ state }: { state: NewsState }) {
  const { states } = useDeskLabels();
  const { ink, tint } = COLOURS[state];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        borderRadius: 1,
        color: ink,
        bgcolor: tint,
        fontSize: '0.8125rem',
        fontWeight: 600,
        lineHeight: 1.7,
        whiteSpace: 'nowrap',
      }}
    >
      {states[state]}
    </Box>
  );
}
