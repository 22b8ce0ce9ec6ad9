import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface StepperProgressProps {
  labels: readonly string[];
  active: number;
}

/** A bar and "Step n of m" on phones; the full labelled stepper where there is room. */
export function StepperProgress({ labels, active }: StepperProgressProps) {
  const { t } = useTranslation('profile');
  const total = labels.length;
  const text = t('stepper.progress', { current: active + 1, total });
  return (
    <Box>
      <Box sx={{ display: { xs: 'block', md: 'none' } }}>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
          {text}
        </Typography>
        <LinearProgress variant="determinate" value={((active + 1) / total) * 100} aria-label={text} sx={{ height: 6, borderRadius: 3 }} />
      </Box>
      <Stepper activeStep={active} alternativeLabel sx={{ display: { xs: 'none', md: 'flex' } }} aria-label={text}>
        {labels.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
