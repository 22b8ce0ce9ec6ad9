import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text';
import { describeLoginError, type LoginErrorView } from './login-errors';
import type { FieldCheck } from './login-validation';

/** A login step's errors: one under its field, or one above the form (see describeLoginError). */
export function useStepErrors(field: NonNullable<LoginErrorView['field']>) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);

  /** The checked value, or null once the field shows why it is invalid. */
  function checked(check: FieldCheck<string>): string | null {
    setFormError(null);
    if (!check.ok) {
      setFieldError(t(check.errorKey));
      return null;
    }
    setFieldError(undefined);
    return check.value;
  }

  /** A failed request: under the field when it is about what was typed, else above the form. */
  function showError(error: unknown) {
    const view = describeLoginError(error, errorText);
    if (view.field === field) setFieldError(view.message);
    else setFormError(view.message);
  }

  /** The field's error and change handler: typing clears the error. */
  function fieldProps(onValue: (value: string) => void) {
    return {
      error: fieldError,
      onValue: (value: string) => {
        onValue(value);
        setFieldError(undefined);
      },
    };
  }

  function clear() {
    setFieldError(undefined);
    setFormError(null);
  }

  return { formError, checked, showError, clear, fieldProps };
}
