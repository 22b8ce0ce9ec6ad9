import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SosHeadlineCardProps {
  /** The page's h1: whose alert it is, or what became of it. */
  title: string;
  /** The threat and when the alert went out. */
  summary: ReactNode;
  /** Red while the alert is live; grey once it is over. */
  live?: boolean;
  /** More lines under the summary. */
  children?: ReactNode;
}

/** The card an SOS screen opens with (the owner's, an alerted volunteer's, the public tracking page). */
export function SosHeadlineCard({ title, summary, live = true, children }: SosHeadlineCardProps) {
  return (
    <Card sx={live ? { bgcolor: 'error.main', color: 'error.contrastText' } : { bgcolor: 'grey.100', color: 'text.primary' }} elevation={0}>
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Typography>{summary}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}
