import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Reel } from '@saathi/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { ReelTextFields, type ReelText } from '../../entities/reel';
import { reelsApi } from './reels-api';

interface EditReelDialogProps {
  reel: Reel;
  open: boolean;
  onClose: () => void;
  onSaved: (reel: Reel) => void;
}

/** The author changes a reel's title and caption (`PATCH /incidents/reels/:id`, only what changed). */
export function EditReelDialog({ reel, open, onClose, onSaved }: EditReelDialogProps) {
  const { t } = useTranslation('reels');
  const toast = useToast();
  const [value, setValue] = useState<ReelText>({ title: reel.title, description: reel.description });
  const [saving, setSaving] = useState(false);
  const changes = {
    ...(value.title.trim() !== reel.title ? { title: value.title.trim() } : {}),
    ...(value.description.trim() !== reel.description ? { description: value.description.trim() } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!changed || saving) return;
    setSaving(true);
    try {
      const saved = await reelsApi.edit(reel.id, changes);
      onSaved(saved);
      toast.success(t('saved'));
      onClose();
    } catch (error) {
      console.warn('Failed to edit the reel', error);
      toast.error(t('saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`edit-reel-${reel.id}`}>
      <form onSubmit={(event) => void save(event)}>
        <DialogTitle id={`edit-reel-${reel.id}`}>{t('editTitle')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <ReelTextFields value={value} onChange={setValue} disabled={saving} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!changed || saving}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
