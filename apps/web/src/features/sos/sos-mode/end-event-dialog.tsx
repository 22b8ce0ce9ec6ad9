import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Confirms cancelling an alert that already went out: everyone alerted gets an all clear. */
export function CancelSosDialog({ open, busy, onConfirm, onClose }: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('sos');
  return (
    <ConfirmDialog
      open={open}
      titleId="cancel-sos-title"
      title={t('owner.cancelTitle')}
      body={t('owner.cancelBody')}
      keepLabel={t('owner.keepActive')}
      confirmLabel={t('owner.confirmCancel')}
      busy={busy}
      onKeep={onClose}
      onConfirm={onConfirm}
    />
  );
}
