import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { ReactNode } from 'react';

/**
 * The bar on top of a full-screen dialog: close on the left, the title (the dialog's
 * `aria-labelledby` target, `titleId`) and any actions (`children`) on the right.
 */
export function DialogHeader({
  titleId,
  title,
  closeLabel,
  onClose,
  position = 'relative',
  children,
}: {
  titleId: string;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  position?: 'relative' | 'sticky';
  children?: ReactNode;
}) {
  return (
    <AppBar position={position} color="default" elevation={1}>
      <Toolbar>
        <IconButton edge="start" onClick={onClose} aria-label={closeLabel}>
          <CloseIcon />
        </IconButton>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {children}
      </Toolbar>
    </AppBar>
  );
}
