import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { NEWS_LIMITS } from '@saathi/shared';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { ArticleImage } from '../../news';
import type { ArticleImageRef } from '../desk-form';
import { useUploadImageMutation } from '../queries';

/** The thumbnail as the strip shows it (SPEC.md §9: 120x80), doubled for a clear look. */
const PREVIEW_WIDTH = 240;
const PREVIEW_HEIGHT = 160;

/** The article's picture: upload one (the server resizes it to the image and the thumbnail), see the thumbnail, or remove it. */
export function ImageField({ value, onChange }: { value: ArticleImageRef | null; onChange: (next: ArticleImageRef | null) => void }) {
  const { t } = useTranslation('news');
  const errorText = useErrorText();
  const upload = useUploadImageMutation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire a change too.
    event.target.value = '';
    if (!file) return;
    if (file.size > NEWS_LIMITS.imageBytesMax) {
      setProblem(t('desk.image.tooLarge', { megabytes: NEWS_LIMITS.imageBytesMax / (1024 * 1024) }));
      return;
    }
    setProblem(null);
    try {
      const image = await upload.mutateAsync(file);
      onChange({ id: image.id, thumbnailUrl: image.thumbnailUrl, imageUrl: image.imageUrl });
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('desk.image.label')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ width: PREVIEW_WIDTH, maxWidth: '100%' }}>
          {value?.thumbnailUrl ? (
            <Box
              component="img"
              src={value.thumbnailUrl}
              alt={t('desk.image.preview')}
              sx={{ width: '100%', aspectRatio: `${PREVIEW_WIDTH} / ${PREVIEW_HEIGHT}`, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
          ) : (
            <ArticleImage src={null} height={PREVIEW_HEIGHT} sx={{ borderRadius: 1 }} />
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            hidden
            onChange={(event) => void choose(event)}
            aria-label={t('desk.image.choose')}
          />
          <Button variant="outlined" startIcon={<AddPhotoAlternateIcon />} onClick={() => input.current?.click()} loading={upload.isPending}>
            {value ? t('desk.image.replace') : t('desk.image.upload')}
          </Button>
          {value && (
            <Button color="inherit" onClick={() => onChange(null)}>
              {t('desk.image.remove')}
            </Button>
          )}
        </Box>
      </Box>
      {problem && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
