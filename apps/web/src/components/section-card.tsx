import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: ReactNode;
  /** One line under the heading saying what the card is for. */
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * A card that is one section of its page: outlined, named by its h2 (so a screen reader lists
 * it among the page's regions), with an optional hint under the heading. One look for every
 * feature's cards.
 */
export function SectionCard({ title, hint, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom={!hint}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
