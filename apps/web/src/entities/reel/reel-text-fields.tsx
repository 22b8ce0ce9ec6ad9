import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REEL_DESCRIPTION_MAX, REEL_TITLE_MAX } from '@saathi/shared';
import { useTranslation } from 'react-i18next';

export interface ReelText {
  title: string;
  description: string;
}

interface ReelTextFieldsProps {
  value: ReelText;
  onChange: (value: ReelText) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A reel's title and caption, with the limits of a community post (50 and 1000 characters) and counters. */
export function ReelTextFields({ value, onChange, disabled = false, autoFocus = false }: ReelTextFieldsProps) {
  const { t } = useTranslation('reels');
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        fullWidth
        label={t('titleLabel')}
        placeholder={t('titlePlaceholder')}
        value={value.title}
        onChange={(event) => onChange({ ...value, title: event.target.value })}
        disabled={disabled}
        autoFocus={autoFocus}
        helperText={`${value.title.length}/${REEL_TITLE_MAX}`}
        slotProps={{ htmlInput: { maxLength: REEL_TITLE_MAX }, formHelperText: { sx: { textAlign: 'right', mt: 0.25 } } }}
      />
      <TextField
        size="small"
        fullWidth
        multiline
        minRows={2}
        maxRows={5}
        label={t('descriptionLabel')}
        placeholder={t('descriptionPlaceholder')}
        value={value.description}
        onChange={(event) => onChange({ ...value, description: event.target.value })}
        disabled={disabled}
        helperText={`${value.description.length}/${REEL_DESCRIPTION_MAX}`}
        slotProps={{ htmlInput: { maxLength: REEL_DESCRIPTION_MAX }, formHelperText: { sx: { textAlign: 'right', mt: 0.25 } } }}
      />
    </Stack>
  );
}

/** What to send: trimmed, and only the fields that say something. */
export function reelTextBody(value: ReelText): { title?: string; description?: string } {
  const title = value.title.trim();
  const description = value.description.trim();
  return { ...(title ? { title } : {}), ...(description ? { description } : {}) };
}
