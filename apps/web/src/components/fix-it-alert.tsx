import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface FixItAlertProps {
  severity: AlertColor;
  /** Where the missing piece is put right, e.g. `/account?tab=contacts`. */
  to: string;
  fixLabel: string;
  children: ReactNode;
}

/** A notice that something this screen needs is missing, with a link to the place that adds it. */
export function FixItAlert({ severity, to, fixLabel, children }: FixItAlertProps) {
  return (
    <Alert
      severity={severity}
      action={
        <Button component={RouterLink} to={to} color="inherit" size="small">
          {fixLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
