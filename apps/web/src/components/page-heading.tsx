import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's visible heading, its h1 (the tab title is app/page-title's). */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
      {children}
    </Typography>
  );
}
