import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFeatureFlags } from '../../lib/feature-flags';

/** The way to the astrology assistant among the account page's links, while the feature is on. */
export function AstroLinkButton() {
  const { t } = useTranslation('nav');
  const { astroAi } = useFeatureFlags();
  if (!astroAi) return null;
  return (
    <Button component={RouterLink} to="/astro-ai" variant="outlined" size="small" startIcon={<AutoAwesomeIcon />}>
      {t('astro')}
    </Button>
  );
}
