import type { Reel, ReelComment } from '@saathi/shared';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reelsApi } from './reels-api';
import { reelTimeText } from './reel-time';

/** SPEC.md §9: an open comment panel refreshes every 5 s. */
export const COMMENTS_REFRESH_MS = 5000;

interface ReelCommentsProps {
  reel: Reel | null;
  userId: number;
  onClose: () => void;
  /** Called once per comment sent, so the feed's count follows. */
  onAdded: (reelId: number) => void;
}

/** The comments panel of a reel: the latest 50, refreshed while open; Enter sends (SPEC.md §5). */
export function ReelComments({ reel, userId, onClose, onAdded }: ReelCommentsProps) {
  const { t, i18n } = useTranslation('reels');
  const [comments, setComments] = useState<ReelComment[]>([]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const reelId = reel?.id;

  useEffect(() => {
    if (reelId === undefined) return;
    let open = true;
    const refresh = () =>
      reelsApi.comments(reelId).then(
        (list) => open && setComments(list),
        (error: unknown) => console.error('Failed to load comments', error),
      );
    void refresh();
    const timer = window.setInterval(() => void refresh(), COMMENTS_REFRESH_MS);
    return () => {
      open = false;
      window.clearInterval(timer);
    };
  }, [reelId]);

  async function send() {
    const trimmed = text.trim();
    if (!trimmed || reelId === undefined || sending) return;
    setSending(true);
    try {
      const added = await reelsApi.addComment(userId, reelId, trimmed);
      setText('');
      setComments((current) => [added, ...current.filter((c) => c.id !== added.id)]);
      onAdded(reelId);
    } catch (error) {
      console.error('Failed to add the comment', error);
    } finally {
      setSending(false);
    }
  }

  const now = new Date();
  const when = (createdAt: string): string => reelTimeText(t, createdAt, now, i18n.language);

  return (
    <Drawer
      anchor="bottom"
      open={reel !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: '70dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
    >
      <Box sx={{ p: 2, maxWidth: 560, width: '100%', mx: 'auto' }} role="region" aria-label={t('comments')}>
        <Typography variant="h6" component="h2">
          {t('comments')}
        </Typography>
        {comments.length === 0 ? (
          <Typography color="textSecondary" sx={{ py: 2 }}>
            {t('noComments')}
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: '45dvh', overflowY: 'auto' }} data-testid="reel-comments">
            {comments.map((comment) => (
              <ListItem key={comment.id} disableGutters>
                <ListItemText primary={comment.comment_text} secondary={`${comment.user.name || t('someone')} · ${when(comment.createdAt)}`} />
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', pt: 1 }}>
          <TextField
            fullWidth
            size="small"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }}
            placeholder={t('addComment')}
            slotProps={{ htmlInput: { maxLength: 500, 'aria-label': t('addComment') } }}
          />
          <IconButton color="primary" onClick={() => void send()} disabled={!text.trim() || sending} aria-label={t('send')}>
            <SendIcon />
          </IconButton>
        </Box>
      </Box>
    </Drawer>
  );
}
