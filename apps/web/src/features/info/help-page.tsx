import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HelplinesList } from './helplines-list';
import { InfoPage } from './info-page';

/** `/help`: helplines first (someone may be here in a hurry), then how an SOS works, then the FAQ. */
export function HelpPage() {
  const { t } = useTranslation('pages');
  const steps = t('help.sosSteps.steps', { returnObjects: true }) as string[];
  const volunteers = t('help.volunteersSee.paragraphs', { returnObjects: true }) as string[];
  return (
    <InfoPage
      page="help"
      before={
        <>
          <HelplinesList />
          <Box component="section" sx={{ mb: 3 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('help.sosSteps.heading')}
            </Typography>
            <Box component="ol" sx={{ pl: 3, my: 0 }}>
              {steps.map((step) => (
                <Typography component="li" key={step} sx={{ mb: 1, lineHeight: 1.65 }}>
                  {step}
                </Typography>
              ))}
            </Box>
          </Box>
          <Box component="section" sx={{ mb: 3 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('help.volunteersSee.heading')}
            </Typography>
            {volunteers.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.65 }}>
                {paragraph}
              </Typography>
            ))}
          </Box>
        </>
      }
    >
      <Faq />
    </InfoPage>
  );
}

function Faq() {
  const { t } = useTranslation('pages');
  const items = t('help.faq.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('help.faq.heading')}
      </Typography>
      {items.map(({ q, a }, index) => (
        <Accordion key={q} disableGutters variant="outlined">
          <AccordionSummary
            aria-controls={`faq-${index}-answer`}
            id={`faq-${index}-question`}
            expandIcon={
              <Box component="span" aria-hidden sx={{ fontSize: '1.25rem', lineHeight: 1 }}>
                ⌄
              </Box>
            }
          >
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ lineHeight: 1.65 }}>{a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
