import Typography from '@mui/material/Typography';
import { needsReadMore, previewText } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ReelCaptionProps {
  author: string | null;
  title: string;
  description: string;
}

/**
 * The overlay at the foot of a reel: the author, the title and the caption. A long caption
 * (over 10 words) shows its first 15 with Read More; Read Less folds it again (SPEC.md §9).
 */
export function ReelCaption({ author, title, description }: ReelCaptionProps) {
  const { t } = useTranslation('reels');
  const [expanded, setExpanded] = useState(false);
  const long = needsReadMore(description);
  const shown = long && !expanded ? previewText(description) : description.trim();
  return (
    <div className="reel__caption" data-expanded={expanded} data-testid="reel-caption">
      {author && (
        <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
          {author}
        </Typography>
      )}
      {title && (
        <Typography variant="body1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="reel-title">
          {title}
        </Typography>
      )}
      {shown && (
        <Typography variant="body2" sx={{ opacity: 0.9, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="reel-description">
          {shown}
          {long && (
            <>
              {' '}
              <button type="button" className="reel__more" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
                {expanded ? t('readLess') : t('readMore')}
              </button>
            </>
          )}
        </Typography>
      )}
    </div>
  );
}
