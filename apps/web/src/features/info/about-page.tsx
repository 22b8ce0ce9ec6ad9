import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GrievanceOfficer } from './grievance-officer';
import { InfoPage } from './info-page';

/** `/about-us`: who we are, and where the privacy notice and the grievance officer are. */
export function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    <InfoPage page="about">
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('aboutPrivacy.heading')}
        </Typography>
        <Typography sx={{ mb: 1.5, lineHeight: 1.65 }}>{t('aboutPrivacy.body')}</Typography>
        <Typography sx={{ mb: 2 }}>
          <Link component={RouterLink} to="/tnc#privacy">
            {t('aboutPrivacy.link')}
          </Link>
        </Typography>
        <GrievanceOfficer />
      </Box>
    </InfoPage>
  );
}
