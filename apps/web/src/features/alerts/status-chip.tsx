import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Chip from '@mui/material/Chip';
import type { LocalAlert } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { label as responderLabel } from '../../entities/responder';
import { label, statusWording } from './labels';

/**
 * An alert's status in words, never by colour alone: "Not yet confirmed" (grey, outlined),
 * "Confirmed by a moderator" (green), "Reported by 3 people" (blue), "Over" once resolved.
 */
export function StatusChip({ alert }: { alert: Pick<LocalAlert, 'status' | 'verifierRole' | 'verifierProfession' | 'reports'> }) {
  const { t } = useTranslation('local-alerts');
  const { t: tResponders } = useTranslation('responders');
  const wording = statusWording(alert);
  let text: string;
  if (wording.kind === 'verifiedByProfession') text = t('verifiedByProfession', { profession: responderLabel(tResponders, 'professions', wording.profession) });
  else if (wording.kind === 'verifiedBy') text = label(t, 'verifiedBy', wording.role);
  else if (wording.kind === 'corroborated') text = t('corroboratedBy', { count: wording.reports });
  else text = label(t, 'status', wording.status);

  const confirmed = alert.status === 'verified';
  const over = alert.status === 'resolved' || alert.status === 'expired';
  const icon = over ? (
    <TaskAltIcon />
  ) : confirmed ? (
    <VerifiedOutlinedIcon />
  ) : alert.status === 'corroborated' ? (
    <GroupsOutlinedIcon />
  ) : (
    <HourglassEmptyOutlinedIcon />
  );
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={icon}
      label={text}
      color={confirmed || over ? 'success' : alert.status === 'corroborated' ? 'info' : 'default'}
      data-testid="alert-status"
      // Long words in Hindi and Gujarati wrap inside the chip instead of being cut.
      sx={{ height: 'auto', minHeight: 24, maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 }, fontWeight: 600 }}
    />
  );
}
