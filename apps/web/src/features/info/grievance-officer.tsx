import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/feature-flags';

/** The grievance officer from the server's configuration (GRIEVANCE_OFFICER_*), with mail and call links. */
export function GrievanceOfficer() {
  const { t } = useTranslation('pages');
  const config = usePublicConfig();
  const officer = config.data?.grievanceOfficer;
  return (
    <Box component="section" aria-labelledby="grievance-heading" sx={{ mb: 3 }}>
      <Typography variant="h3" id="grievance-heading" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {t('privacy.grievance.heading')}
      </Typography>
      {config.isPending ? (
        <Skeleton variant="rectangular" height={72} />
      ) : officer ? (
        <>
          <Typography sx={{ mb: 1 }}>{t('privacy.grievance.body')}</Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t('privacy.grievance.name')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {officer.name}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t('privacy.grievance.email')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              <Link href={`mailto:${officer.email}`}>{officer.email}</Link>
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t('privacy.grievance.phone')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              <Link href={`tel:${officer.phone.replace(/[^+\d]/g, '')}`}>{officer.phone}</Link>
            </Typography>
          </Box>
        </>
      ) : (
        <Typography>{t('privacy.grievance.notConfigured')}</Typography>
      )}
    </Box>
  );
}
