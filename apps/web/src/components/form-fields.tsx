import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

type FieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'onChange' | 'select'> & {
  /** The field's error message: shown under it, in place of the hint, and marks it invalid. */
  error?: string | undefined;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  onValue: (value: string) => void;
};

/** A form's text field: its error message when it has one, else its hint. */
export function FormTextField({ error, hint, onValue, ...props }: FieldProps) {
  return <TextField fullWidth {...props} onChange={(event) => onValue(event.target.value)} error={Boolean(error)} helperText={error ?? hint} />;
}

/**
 * A form's select (error, else hint, as FormTextField). Native: it is the phone's own picker on
 * mobile and a plain combobox for tests; `children` are its <option>s.
 */
export function NativeSelectField({ error, hint, onValue, ...props }: Omit<FieldProps, 'slotProps'>) {
  return (
    <TextField
      select
      fullWidth
      {...props}
      onChange={(event) => onValue(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    />
  );
}
