import { useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { browserFamily, type BrowserFamily } from './readiness-checks';

const FAMILIES: readonly BrowserFamily[] = ['chrome-android', 'safari-ios', 'firefox', 'desktop'];

/** How to turn a refused permission back on, for the browser this is (another can be picked). */
export function FixSteps() {
  const { t } = useTranslation('readiness');
  const [family, setFamily] = useState<BrowserFamily>(() => browserFamily(navigator.userAgent));
  const browsers = t('fix.browsers', { returnObjects: true }) as Record<BrowserFamily, string>;
  const steps = (t('fix.steps', { returnObjects: true }) as Record<BrowserFamily, string[]>)[family];
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h3" id="fix-steps-heading" sx={{ mb: 1 }}>
        {t('fix.title')}
      </Typography>
      <ToggleButtonGroup
        value={family}
        exclusive
        size="small"
        aria-labelledby="fix-steps-heading"
        onChange={(_event, value: BrowserFamily | null) => value && setFamily(value)}
        sx={{ flexWrap: 'wrap', mb: 1 }}
      >
        {FAMILIES.map((name) => (
          <ToggleButton key={name} value={name} sx={{ textTransform: 'none' }}>
            {browsers[name]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {Array.isArray(steps) && (
        <Box component="ol" sx={{ pl: 3, my: 0 }}>
          {steps.map((step) => (
            <Typography component="li" key={step} sx={{ mb: 0.5 }}>
              {step}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
