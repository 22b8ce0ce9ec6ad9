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
  return (
    <Box component="article" sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t(`${page}.title`)}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t(`${page}.intro`)}</Typography>
      {before}
      <InfoSections sections={t(`${page}.sections`, { returnObjects: true })} headingLevel="h2" />
      {children}
    </Box>
  );
}

/** Each level's heading size: the privacy notice's sections sit one level below the terms page's. */
const HEADING_SX = {
  h2: { fontSize: '1.25rem', mb: 1 },
  h3: { fontSize: '1.1rem', fontWeight: 600, mb: 1 },
} as const;

/** Headed sections of paragraphs from the `pages` namespace (`t(key, { returnObjects: true })`); nothing if the texts are not that shape. */
export function InfoSections({ sections, headingLevel }: { sections: unknown; headingLevel: keyof typeof HEADING_SX }) {
  if (!isSections(sections)) return null;
  return sections.map((section) => (
    <Box component="section" key={section.heading} sx={{ mb: 3 }}>
      <Typography variant={headingLevel} sx={HEADING_SX[headingLevel]}>
        {section.heading}
      </Typography>
      {section.paragraphs.map((paragraph) => (
        <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.65 }}>
          {paragraph}
        </Typography>
      ))}
    </Box>
  ));
}
