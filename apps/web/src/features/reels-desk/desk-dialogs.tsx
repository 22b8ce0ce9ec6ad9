import DialogContentText from '@mui/material/DialogContentText';
import { MODERATION_REASON_MAX, REEL_DESCRIPTION_MAX, REEL_TITLE_MAX, type DeskReel } from '@saathi/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { ReelTextFields, type ReelText } from '../../entities/reel';
import { hostedVideoId, reasonError } from './desk-filters';
import { FormDialog } from '../../components/form-dialog';
import { useAddHostedReelMutation, useEditReelMutation, useModerateReelMutation, type DeskAction } from './queries';

/** A moderator changes a reel's title and caption (only what changed is sent). */
export function EditDeskReelDialog({ reel, onClose }: { reel: DeskReel; onClose: () => void }) {
  const { t } = useTranslation('reels-desk');
  const toast = useToast();
  const errorText = useErrorText();
  const edit = useEditReelMutation();
  const [value, setValue] = useState<ReelText>({ title: reel.title, description: reel.description });
  const changes = {
    ...(value.title.trim() !== reel.title ? { title: value.title.trim() } : {}),
    ...(value.description.trim() !== reel.description ? { description: value.description.trim() } : {}),
  };
  const save = () => {
    if (Object.keys(changes).length === 0) return onClose();
    edit.mutate(
      { id: reel.id, changes },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('editTitle')}
      submitLabel={t('save')}
      busy={edit.isPending}
      error={edit.error ? errorText(edit.error) : null}
      onClose={onClose}
      onSubmit={save}
    >
      <ReelTextFields value={value} onChange={setValue} disabled={edit.isPending} autoFocus />
    </FormDialog>
  );
}

/** The words of each action (literal keys, so the key test finds them). */
function actionTexts(t: TFunction<'reels-desk'>, action: DeskAction) {
  if (action === 'hide') return { title: t('hideTitle'), body: t('hideBody'), button: t('hide'), done: t('hidden') };
  if (action === 'restore') return { title: t('restoreTitle'), body: t('restoreBody'), button: t('restore'), done: t('restored') };
  return { title: t('deleteTitle'), body: t('deleteBody'), button: t('delete'), done: t('deleted') };
}

/** Hide, restore or delete, each with the reason the author will read. */
export function ReasonDialog({ reel, action, onClose }: { reel: DeskReel; action: DeskAction; onClose: () => void }) {
  const { t } = useTranslation('reels-desk');
  const toast = useToast();
  const errorText = useErrorText();
  const moderate = useModerateReelMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof reasonError>>(null);
  const texts = actionTexts(t, action);
  const submit = () => {
    const found = reasonError(reason);
    setProblem(found);
    if (found) return;
    moderate.mutate(
      { id: reel.id, action, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(texts.done);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={texts.title}
      submitLabel={texts.button}
      danger={action !== 'restore'}
      busy={moderate.isPending}
      error={moderate.error ? errorText(moderate.error) : null}
      onClose={onClose}
      onSubmit={submit}
    >
      <DialogContentText>{texts.body}</DialogContentText>
      <FormTextField
        label={t('reason')}
        value={reason}
        onValue={(value) => {
          setReason(value);
          if (problem) setProblem(reasonError(value));
        }}
        error={problem ? (problem === 'reasonRequired' ? t('reasonRequired') : t('reasonTooLong', { count: MODERATION_REASON_MAX })) : undefined}
        hint={t('reasonHint')}
        required
        multiline
        minRows={2}
        autoFocus
        disabled={moderate.isPending}
        slotProps={{ htmlInput: { maxLength: MODERATION_REASON_MAX } }}
      />
    </FormDialog>
  );
}

interface AddForm {
  videoId: string;
  title: string;
  description: string;
}
type AddErrors = Partial<Record<keyof AddForm, string>>;

/** A hosted-video reel by its 11-character id, checked here as the server checks it. */
export function AddHostedReelDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reels-desk');
  const toast = useToast();
  const errorText = useErrorText();
  const add = useAddHostedReelMutation();
  const [form, setForm] = useState<AddForm>({ videoId: '', title: '', description: '' });
  const [errors, setErrors] = useState<AddErrors>({});
  const set = (key: keyof AddForm) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const found: AddErrors = {
      ...(hostedVideoId(form.videoId) ? {} : { videoId: t('videoIdInvalid') }),
      ...(form.title.trim() ? {} : { title: t('titleRequired') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const description = form.description.trim();
    add.mutate(
      { videoId: form.videoId.trim(), title: form.title.trim(), ...(description ? { description } : {}) },
      {
        onSuccess: () => {
          toast.success(t('added'));
          onClose();
        },
        onError: (error) => {
          // The server names the field it refused: the message goes under that field.
          const field = isApiError(error) ? error.field : undefined;
          if (field === 'videoId') setErrors({ videoId: t('videoIdInvalid') });
          else if (field === 'title') setErrors({ title: t('titleRequired') });
        },
      },
    );
  };
  const serverError = add.error && !(isApiError(add.error) && (add.error.field === 'videoId' || add.error.field === 'title')) ? errorText(add.error) : null;

  return (
    <FormDialog title={t('addTitle')} submitLabel={t('add')} busy={add.isPending} error={serverError} onClose={onClose} onSubmit={submit}>
      <FormTextField
        label={t('videoId')}
        value={form.videoId}
        onValue={set('videoId')}
        error={errors.videoId}
        hint={t('videoIdHint')}
        required
        autoFocus
        autoComplete="off"
        disabled={add.isPending}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
      />
      <FormTextField
        label={t('titleLabel')}
        value={form.title}
        onValue={set('title')}
        error={errors.title}
        required
        disabled={add.isPending}
        slotProps={{ htmlInput: { maxLength: REEL_TITLE_MAX } }}
      />
      <FormTextField
        label={t('descriptionLabel')}
        value={form.description}
        onValue={set('description')}
        multiline
        minRows={2}
        disabled={add.isPending}
        slotProps={{ htmlInput: { maxLength: REEL_DESCRIPTION_MAX } }}
      />
    </FormDialog>
  );
}
