import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** The "← Back to …" link at the top of a page that was opened from a list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}
