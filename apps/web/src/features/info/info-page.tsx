import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface InfoSection {
  heading: string;
  paragraphs: string[];
}

function isSections(value: unknown): value is InfoSection[] {
  return (
    Array.isArray(value) &&
    value.every(
      (section: unknown) =>
        typeof section === 'object' &&
        section !== null &&
        typeof (section as InfoSection).heading === 'string' &&
        Array.isArray((section as InfoSection).paragraphs),
    )
  );
}

/**
 * A text page (terms, help, about) whose title, intro and sections live in the `pages` namespace.
 * `before` goes between the intro and the sections, `children` after them.
 */
export function InfoPage({ page, before, children }: { page: 'terms' | 'help' | 'about'; before?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('pages');
  const sections: unknown = t(`${page}.sections`, { returnObjects: true });
  return (
    <Box component="article" sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t(`${page}.title`)}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t(`${page}.intro`)}</Typography>
      {before}
      {isSections(sections) &&
        sections.map((section) => (
          <Box component="section" key={section.heading} sx={{ mb: 3 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.65 }}>
                {paragraph}
              </Typography>
            ))}
          </Box>
        ))}
      {children}
    </Box>
  );
}
