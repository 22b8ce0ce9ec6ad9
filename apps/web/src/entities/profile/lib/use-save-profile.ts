import { UpdateUserBody, type User } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useToast } from '../../../components/toast';
import { useUpdateMeMutation } from '../../user';
import { fieldErrorsFromIssues, messageForServerError, type FieldErrors } from './field-errors';

export type SaveResult = { ok: true; user: User } | { ok: false; errors: FieldErrors };

/**
 * Saves part of the profile with PATCH /users/me: checks the body against the shared
 * contract first (nothing is sent when it fails), then maps a server 400 onto the field
 * it names. Other failures become a toast; the caller keeps the form as it is.
 */
export function useSaveProfile() {
  const mutation = useUpdateMeMutation();
  const toast = useToast();
  const { t } = useTranslation('profile');
  const errorText = useErrorText();

  async function save(body: UpdateUserBody, options: { successMessage?: string } = {}): Promise<SaveResult> {
    const parsed = UpdateUserBody.safeParse(body);
    if (!parsed.success) {
      // The toast matters when the failing field is scrolled out of view.
      toast.error(t('save.checkFields'));
      return { ok: false, errors: fieldErrorsFromIssues(t, parsed.error.issues) };
    }
    try {
      const user = await mutation.mutateAsync(parsed.data);
      if (options.successMessage) toast.success(options.successMessage);
      return { ok: true, user };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.field) {
        const { message, specific } = messageForServerError(t, { code: error.code, field: error.field }, () => errorText(error));
        // A refusal with its own text (e.g. a dob only support can change) says so in the toast too.
        toast.error(specific ? message : t('save.checkFields'));
        return { ok: false, errors: { [error.field]: message } };
      }
      // 401 is handled by the api client (logout); anything else is worth a retry.
      if (!(error instanceof ApiError && error.status === 401)) toast.error(t('save.failed'));
      return { ok: false, errors: {} };
    }
  }

  return { save, isPending: mutation.isPending };
}
