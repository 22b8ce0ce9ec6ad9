import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { PageHeading } from './page-heading';

/** A page's title (its h1) with a line under it saying what the page is for. */
export function PageHeader({ title, subtitle, sx }: { title: string; subtitle: string; sx?: SxProps<Theme> }) {
  return (
    <Box sx={sx}>
      <PageHeading>{title}</PageHeading>
      <Typography variant="body2" color="textSecondary">
        {subtitle}
      </Typography>
    </Box>
  );
}
