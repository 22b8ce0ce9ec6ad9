import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { needsReadMore, previewText, splitLinks } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Description with Read More/Read Less (over 10 words, 15-word preview) and links by priority. */
export function PostDescription({ text, priority }: { text: string; priority: string }) {
  const { t } = useTranslation('community');
  const [expanded, setExpanded] = useState(false);
  if (!text) return null;
  const long = needsReadMore(text);
  const shown = long && !expanded ? previewText(text) : text;
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitLinks(shown, priority).map((part, index) =>
        part.type === 'link' ? (
          <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
      {long && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setExpanded((value) => !value)}
            sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
          >
            {expanded ? t('card.readLess') : t('card.readMore')}
          </Link>
        </>
      )}
    </Typography>
  );
}
