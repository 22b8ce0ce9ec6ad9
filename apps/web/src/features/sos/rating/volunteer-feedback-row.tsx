import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOS_LIMITS } from '@saathi/shared';
import { StarRating } from '../../../components/star-rating';
import { canSubmit, STAR_COUNT, type VolunteerFeedbackRow } from './rating-rows';

interface Props {
  row: VolunteerFeedbackRow;
  loading: boolean;
  onChange: (change: Partial<Pick<VolunteerFeedbackRow, 'rating' | 'feedback'>>) => void;
  onSubmit: () => void;
}

/** One accepted volunteer: stars and text until rated, then both locked (SPEC.md §4). */
export function VolunteerFeedbackRowCard({ row, loading, onChange, onSubmit }: Props) {
  const { t, i18n } = useTranslation('sos');
  const locked = row.feedbackAdded;
  const threatName = row.threat ? t(`dashboard:threats.${row.threat}`) : t('rating.defaultThreat');
  const date = new Date(row.createdAt);
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} aria-label={row.name}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flexGrow: 1 }}>
              {row.name}
            </Typography>
            <Chip size="small" label={threatName} color="secondary" variant="outlined" />
          </Stack>
          {!Number.isNaN(date.getTime()) && (
            <Typography variant="body2" color="textSecondary">
              {date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
            </Typography>
          )}
          <StarRating
            name={`rating-${row.eventId}-${row.id}`}
            value={row.rating}
            max={STAR_COUNT}
            readOnly={locked}
            onChange={(rating) => onChange({ rating })}
            labelFor={(count) => t('rating.stars', { count })}
          />
          <TextField
            label={t('rating.feedbackLabel')}
            placeholder={locked ? undefined : t('rating.feedbackPlaceholder')}
            value={row.feedback}
            onChange={(event) => onChange({ feedback: event.target.value })}
            multiline
            minRows={2}
            slotProps={{ input: { readOnly: locked }, htmlInput: { maxLength: SOS_LIMITS.feedbackTextMax } }}
          />
          {locked ? (
            <Typography variant="body2" color="success" sx={{ fontWeight: 500 }}>
              {t('rating.submitted')}
            </Typography>
          ) : (
            <Button variant="contained" onClick={onSubmit} disabled={!canSubmit(row, loading)} sx={{ alignSelf: 'flex-start' }}>
              {t('rating.submit')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
