import Chip from '@mui/material/Chip';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { ResponderProfession } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { label } from './labels';

/** The verified-responder badge: a moderator checked this person's registration or badge within the year. */
export function ResponderBadge({ profession }: { profession: ResponderProfession }) {
  const { t } = useTranslation('responders');
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      icon={<VerifiedIcon />}
      label={t('badge.label', { profession: label(t, 'professions', profession) })}
      sx={{ fontWeight: 600, maxWidth: '100%' }}
      data-testid="responder-badge"
    />
  );
}
