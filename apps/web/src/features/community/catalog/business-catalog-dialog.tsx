import type { LatLon } from '@saathi/shared';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { addToCart, removeFromCart, toOrderLines, type CartItem } from './cart';
import { CartItemsDialog, DiscardCartDialog } from './cart-dialogs';
import { CatalogCarousel } from './catalog-carousel';
import { blockText, catalogBlockOf, useCatalogQuery, usePlaceOrderMutation } from './catalog-queries';
import { buildOrderMessage, buildWhatsAppLinks, normaliseIndianNumber, openWhatsApp } from './whatsapp';
import { DialogHeader } from '../../../components/dialog-header';

export interface BusinessCatalogDialogProps {
  open: boolean;
  businessUserId: number;
  onClose: () => void;
  /** The reader's position; the server refuses the catalog without one (SPEC.md §6). */
  readerLocation: LatLon | null;
}

/** Full-screen Business Catalog (SPEC.md §2, §4 "Catalog cart"). State is fresh on each open. */
export function BusinessCatalogDialog({ open, businessUserId, onClose, readerLocation }: BusinessCatalogDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const [cartSize, setCartSize] = useState(0);
  const requestClose = () => {
    if (cartSize > 0) setConfirming(true);
    else onClose();
  };
  return (
    <Dialog fullScreen open={open} onClose={requestClose} aria-labelledby="catalog-title">
      {open && (
        <CatalogBody
          businessUserId={businessUserId}
          readerLocation={readerLocation}
          onRequestClose={requestClose}
          onDone={onClose}
          onCartChange={setCartSize}
        />
      )}
      <DiscardCartDialog
        open={confirming}
        onKeep={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          setCartSize(0);
          onClose();
        }}
      />
    </Dialog>
  );
}

interface CatalogBodyProps {
  businessUserId: number;
  readerLocation: LatLon | null;
  onRequestClose: () => void;
  onDone: () => void;
  onCartChange: (size: number) => void;
}

function CatalogBody({ businessUserId, readerLocation, onRequestClose, onDone, onCartChange }: CatalogBodyProps) {
  const { t, i18n } = useTranslation('community-create');
  const toast = useToast();
  const catalog = useCatalogQuery(businessUserId, readerLocation, true);
  const placeOrder = usePlaceOrderMutation();
  const [index, setIndex] = useState(0);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState(false);
  const [cart, setCartState] = useState<CartItem[]>([]);
  const [cartOpen, setCartOpen] = useState(false);
  const items = catalog.data?.catalogItems ?? [];

  const setCart = (next: CartItem[]) => {
    setCartState(next);
    onCartChange(next.length);
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const result = addToCart(cart, items[index], text);
    if (!result.ok) {
      setTextError(result.error === 'empty');
      return;
    }
    setTextError(false);
    setText('');
    setCart(result.cart);
  };

  const order = async () => {
    const phone = normaliseIndianNumber(catalog.data?.whatsappNumber);
    if (!phone) {
      toast.error(t('catalog.noWhatsapp'));
      return;
    }
    try {
      await placeOrder.mutateAsync({ businessUserId, order: toOrderLines(cart) });
    } catch (error) {
      console.error('order failed', error);
      toast.error(t('catalog.orderFailed'));
      return;
    }
    toast.success(t('catalog.orderPlaced'));
    const message = buildOrderMessage(cart, { greeting: t('catalog.whatsappGreeting'), untitled: t('catalog.untitled') });
    setCart([]);
    setCartOpen(false);
    onDone();
    openWhatsApp(buildWhatsAppLinks(phone, message));
  };

  const hint = blockText(t, catalogBlockOf(catalog.data), i18n.language);

  return (
    <>
      <DialogHeader titleId="catalog-title" title={t('catalog.title')} closeLabel={t('actions.close')} onClose={onRequestClose}>
        <IconButton onClick={() => setCartOpen(true)} aria-label={t('catalog.openCart', { count: cart.length })}>
          <Badge badgeContent={cart.length} color="primary">
            <ShoppingCartIcon />
          </Badge>
        </IconButton>
      </DialogHeader>
      {catalog.isPending ? (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('catalog.loading')} />
        </Box>
      ) : items.length === 0 ? (
        <Box sx={{ flex: 1, p: 3 }}>
          <Alert severity="info">{hint}</Alert>
        </Box>
      ) : (
        <>
          <CatalogCarousel items={items} index={Math.min(index, items.length - 1)} onIndexChange={setIndex} />
          {catalog.data?.deliveryText && (
            <Typography variant="body2" sx={{ px: 2, pt: 1 }}>
              {catalog.data.deliveryText}
            </Typography>
          )}
          <Paper
            component="form"
            onSubmit={add}
            square
            elevation={3}
            sx={{ display: 'flex', gap: 1, p: 1.5, alignItems: 'flex-start', justifyContent: 'center' }}
          >
            <TextField
              size="small"
              fullWidth
              sx={{ maxWidth: 640 }}
              label={t('catalog.itemLabel')}
              placeholder={t('catalog.itemPlaceholder')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setTextError(false);
              }}
              error={textError}
              helperText={textError ? t('catalog.itemEmpty') : undefined}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <Button type="submit" variant="contained">
              {t('catalog.addToCart')}
            </Button>
          </Paper>
        </>
      )}
      <CartItemsDialog
        open={cartOpen}
        cart={cart}
        placing={placeOrder.isPending}
        onRemove={(key) => setCart(removeFromCart(cart, key))}
        onClose={() => setCartOpen(false)}
        onPlaceOrder={() => void order()}
      />
    </>
  );
}
