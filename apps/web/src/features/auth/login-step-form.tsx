import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

interface LoginStepFormProps {
  title: string;
  /** Under the title: what the step asks for. */
  intro: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** An error that belongs to no field (network, rate limit…). */
  formError: string | null;
  /** Good news (e.g. a code was resent); an error takes its place. */
  notice?: string | null;
  submitLabel: string;
  pending: boolean;
  /** The step's field. */
  children: ReactNode;
  /** Under the submit button. */
  footer?: ReactNode;
  /** The proof-of-work check, while the server asks for one (use-human-check.tsx). */
  check?: ReactNode;
}

/** The frame of a login step (phone number, then code): title, messages, the field and its submit button. */
export function LoginStepForm({ title, intro, onSubmit, formError, notice, submitLabel, pending, children, footer, check }: LoginStepFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro}
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      {notice && !formError && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {children}
      {check}
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} loading={pending}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
