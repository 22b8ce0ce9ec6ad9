import type { ReactNode } from 'react';
import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface SectionCardProps {
  title: ReactNode;
  /** A line under the heading saying what the card is for. */
  subtitle?: ReactNode;
  /** `compact`: the smaller heading of a card among the account's settings. */
  heading?: 'normal' | 'compact';
  children: ReactNode;
}

/** An outlined card that is a section of its page, named by its h2 for screen readers. */
export function SectionCard({ title, subtitle, heading = 'normal', children }: SectionCardProps) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack spacing={0.5}>
          <Typography id={id} component="h2" {...(heading === 'compact' ? { variant: 'subtitle1', sx: { fontWeight: 700 } } : { variant: 'h6' })}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
