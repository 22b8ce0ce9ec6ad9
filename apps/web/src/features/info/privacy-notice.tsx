import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GrievanceOfficer } from './grievance-officer';

/** The DPDP Act 2023 privacy notice (`/tnc#privacy`), written from what the app actually stores. */
export function PrivacyNotice() {
  const { t } = useTranslation('pages');
  const sections = t('privacy.sections', { returnObjects: true }) as { heading: string; paragraphs: string[] }[];
  return (
    <Box component="section" id="privacy" aria-labelledby="privacy-heading" sx={{ mt: 4, scrollMarginTop: 72 }}>
      <Typography variant="h2" id="privacy-heading" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('privacy.heading')}
      </Typography>
      <Typography sx={{ mb: 3, lineHeight: 1.65 }}>{t('privacy.intro')}</Typography>
      {sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.65 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
      <GrievanceOfficer />
    </Box>
  );
}
