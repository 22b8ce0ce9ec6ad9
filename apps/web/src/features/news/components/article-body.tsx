import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Readable article text at 360 px: about 17 px type, generous line height, lines no longer
 * than about 70 characters on wide screens; long words and links wrap, and wide pictures,
 * tables and code scroll inside themselves instead of widening the page.
 */
export const articleTypography = {
  fontSize: '1.0625rem',
  lineHeight: 1.7,
  maxWidth: '70ch',
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& p': { my: 1.5 },
  '& h1, & h2, & h3, & h4': { lineHeight: 1.3, fontWeight: 700, mt: 3, mb: 1 },
  '& h1': { fontSize: '1.5rem' },
  '& h2': { fontSize: '1.3rem' },
  '& h3, & h4': { fontSize: '1.125rem' },
  '& a': { color: 'primary.dark', textDecorationThickness: '1px', textUnderlineOffset: '2px' },
  '& ul, & ol': { pl: 3, my: 1.5 },
  '& li + li': { mt: 0.5 },
  '& blockquote': { mx: 0, my: 2, pl: 2, borderLeft: 4, borderColor: 'primary.light', color: 'text.secondary' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
  '& pre': { overflowX: 'auto', p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: '0.875rem' },
  '& code': { fontSize: '0.9em' },
  '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
} satisfies SxProps<Theme>;

/**
 * An article's body as the server rendered it from Markdown: sanitised there (no raw HTML, no
 * scripts, no event handlers), and the page's Content-Security-Policy refuses inline scripts anyway.
 */
export function ArticleBody({ html, lang }: { html: string; lang?: string }) {
  return <Box lang={lang} sx={articleTypography} dangerouslySetInnerHTML={{ __html: html }} />;
}
