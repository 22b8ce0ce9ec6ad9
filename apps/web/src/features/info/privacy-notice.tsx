import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GrievanceOfficer } from './grievance-officer';
import { InfoSections } from './info-page';

/** The DPDP Act 2023 privacy notice (`/tnc#privacy`), written from what the app actually stores. */
export function PrivacyNotice() {
  const { t } = useTranslation('pages');
  return (
    <Box component="section" id="privacy" aria-labelledby="privacy-heading" sx={{ mt: 4, scrollMarginTop: 72 }}>
      <Typography variant="h2" id="privacy-heading" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('privacy.heading')}
      </Typography>
      <Typography sx={{ mb: 3, lineHeight: 1.65 }}>{t('privacy.intro')}</Typography>
      <InfoSections sections={t('privacy.sections', { returnObjects: true })} headingLevel="h3" />
      <GrievanceOfficer />
    </Box>
  );
}
