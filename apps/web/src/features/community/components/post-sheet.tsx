import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** What a sheet about one post (likes, comments) is given by the post card. */
export interface PostSheetOpenProps {
  postId: number;
  open: boolean;
  onClose: () => void;
}

interface PostSheetProps {
  open: boolean;
  onClose: () => void;
  /** The heading's id, the dialog's `aria-labelledby`. */
  titleId: string;
  title: string;
  closeLabel: string;
  /** Of the viewport, e.g. '70vh'. */
  maxHeight: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** A post's bottom sheet (likes, comments): a titled dialog with a close button, swiped down to close. */
export function PostSheet({ open, onClose, titleId, title, closeLabel, maxHeight, sx, children }: PostSheetProps) {
  return (
    <SwipeableDrawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      onOpen={() => undefined}
      disableSwipeToOpen
      slotProps={{ paper: { sx: { maxHeight, borderTopLeftRadius: 16, borderTopRightRadius: 16, mx: 'auto', width: '100%', maxWidth: 640 } } }}
    >
      <Box role="dialog" aria-labelledby={titleId} sx={sx}>
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <IconButton aria-label={closeLabel} onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        {children}
      </Box>
    </SwipeableDrawer>
  );
}
