import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Deep amber on a pale one: 8:1 contrast, urgent without the SOS red of the app. */
const INK = '#7A3E00';
const TINT = '#FFF3E0';

/**
 * "Breaking" in words, calm: a quiet amber tag, never red and never flashing, so urgent news
 * reads as urgent without alarming someone on a safety app.
 */
export function BreakingLabel({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const { t } = useTranslation('news');
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: size === 'small' ? 0.5 : 1,
        py: size === 'small' ? 0 : 0.25,
        border: 1,
        borderColor: INK,
        borderRadius: 1,
        color: INK,
        bgcolor: TINT,
        fontSize: size === 'small' ? '0.6875rem' : '0.75rem',
        fontWeight: 700,
        letterSpacing: '0.04em',
        lineHeight: 1.5,
        textTransform: 'uppercase',
        whiteSpace: 'nowrap',
      }}
    >
      {t('breaking')}
    </Box>
  );
}
