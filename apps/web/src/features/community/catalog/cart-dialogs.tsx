import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { CartItem } from './cart';

export interface CartItemsDialogProps {
  open: boolean;
  cart: readonly CartItem[];
  placing: boolean;
  onRemove: (key: number) => void;
  onClose: () => void;
  onPlaceOrder: () => void;
}

/** SPEC.md §2 "Cart Items": the lines, each removable, and Place Order. */
export function CartItemsDialog({ open, cart, placing, onRemove, onClose, onPlaceOrder }: CartItemsDialogProps) {
  const { t } = useTranslation('community-create');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="cart-items-title">
      <DialogTitle id="cart-items-title">{t('catalog.cartTitle')}</DialogTitle>
      <DialogContent dividers>
        {cart.length === 0 ? (
          <DialogContentText>{t('catalog.cartEmpty')}</DialogContentText>
        ) : (
          <List dense>
            {cart.map((item) => (
              <ListItem
                key={item.key}
                secondaryAction={
                  <IconButton edge="end" onClick={() => onRemove(item.key)} aria-label={t('catalog.removeItem', { text: item.text })}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={item.text} secondary={item.title || t('catalog.untitled')} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        <Button
          variant="contained"
          onClick={onPlaceOrder}
          disabled={cart.length === 0 || placing}
          startIcon={placing ? <CircularProgress size={16} /> : undefined}
        >
          {t('catalog.placeOrder')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DiscardCartDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('community-create');
  return (
    <ConfirmDialog
      open={open}
      titleId="discard-cart-title"
      title={t('catalog.discardTitle')}
      body={t('catalog.discardBody')}
      keepLabel={t('catalog.keep')}
      confirmLabel={t('catalog.discard')}
      onKeep={onKeep}
      onConfirm={onDiscard}
    />
  );
}
