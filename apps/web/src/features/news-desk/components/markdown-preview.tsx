import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { articleTypography } from '../../news';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePreviewQuery } from '../queries';

/** Render the preview once typing pauses this long: one request per pause, not per key. */
export const PREVIEW_DELAY_MS = 400;

/**
 * The body as readers will see it, rendered by the server (the same Markdown rules and
 * sanitising as a save), so what the editor sees is exactly what gets published.
 */
export function MarkdownPreview({ body, lang, labelId }: { body: string; lang: string; labelId: string }) {
  const { t } = useTranslation('news');
  const errorText = useErrorText();
  const settled = useDebouncedValue(body, PREVIEW_DELAY_MS);
  const preview = usePreviewQuery(settled);
  const empty = settled.trim() === '';
  return (
    <Box role="region" aria-labelledby={labelId} aria-busy={preview.isFetching || settled !== body}>
      <Typography id={labelId} variant="subtitle2" component="h3" color="textSecondary" sx={{ mb: 0.5 }}>
        {t('desk.preview')}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 96, bgcolor: 'background.paper' }}>
        {empty ? (
          <Typography variant="body2" color="textSecondary">
            {t('desk.previewEmpty')}
          </Typography>
        ) : preview.isError ? (
          <Typography variant="body2" color="error">
            {errorText(preview.error)}
          </Typography>
        ) : preview.data ? (
          <Box lang={lang} sx={[articleTypography, { fontSize: '1rem' }]} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        ) : null}
      </Box>
    </Box>
  );
}
