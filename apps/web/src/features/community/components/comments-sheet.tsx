import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@saathi/shared';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useSession } from '../../../entities/session';
import { relativeTimeText } from '../card-text';
import { commentsOldestFirst, useAddComment, useCommentsQuery, useDeleteComment, useInteractionLimits } from '../queries';
import { PostSheet, type PostSheetOpenProps } from './post-sheet';
import { useSignInLink } from './visitor-sign-in';
import { loadReportContentDialog } from '../../moderation/lazy';

// The report dialog loads only when a reader opens it.
const ReportContentDialog = lazy(() => loadReportContentDialog().then((module) => ({ default: module.ReportContentDialog })));

/** SPEC.md §4: older comments load when the list is scrolled within 100 px of its top. */
const LOAD_OLDER_MARGIN_PX = 100;

/** The 'Comments' bottom sheet: oldest first, ten at a time, add and delete own; visitors read and are offered sign-in. */
export function CommentsSheet({ postId, open, onClose }: PostSheetOpenProps) {
  const { t, i18n } = useTranslation(['community', 'moderation']);
  const toast = useToast();
  const errorText = useErrorText();
  const { user } = useSession();
  const [reporting, setReporting] = useState<number | null>(null);
  const limits = useInteractionLimits(user?.id);
  const query = useCommentsQuery(postId, open);
  const add = useAddComment(postId, user?.id);
  const remove = useDeleteComment(postId);
  const signInLink = useSignInLink();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const comments = commentsOldestFirst(query.data?.pages);
  const newestId = query.data?.pages[0]?.[0]?.id;

  useEffect(() => {
    if (query.isError) toast.error(isApiError(query.error) ? errorText(query.error) : t('comments.loadFailed'));
  }, [query.isError, query.error, toast, t, errorText]);

  // A new newest comment (first load or one just posted) scrolls the list to the bottom.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (event.currentTarget.scrollTop <= LOAD_OLDER_MARGIN_PX && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      toast.error(t('comments.empty_text'));
      return;
    }
    const used = limits.data;
    if (used && used.usedCommentCount >= used.dailyCommentLimit) {
      toast.error(t('comments.limit'));
      return;
    }
    add.mutate(content, {
      onSuccess: () => setText(''),
      onError: (error) => toast.error(isApiError(error) ? errorText(error) : t('comments.addFailed')),
    });
  }

  return (
    <PostSheet
      open={open}
      onClose={onClose}
      titleId={`comments-title-${postId}`}
      title={t('comments.title')}
      closeLabel={t('comments.close')}
      maxHeight="80vh"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Box ref={listRef} onScroll={onScroll} sx={{ overflowY: 'auto', flex: 1, px: 2, py: 1, minHeight: 160 }}>
        {query.isFetchingNextPage && <CircularProgress size={20} sx={{ display: 'block', mx: 'auto', my: 1 }} />}
        {query.hasNextPage && !query.isFetchingNextPage && (
          <Button size="small" fullWidth onClick={() => void query.fetchNextPage()}>
            {t('comments.loadOlder')}
          </Button>
        )}
        {query.isPending && open && <CircularProgress size={24} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
        {query.isSuccess && comments.length === 0 && (
          <Typography color="textSecondary" sx={{ textAlign: 'center', py: 3 }}>
            {t('comments.empty')}
          </Typography>
        )}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {comments.map((comment) => (
            <Stack component="li" key={comment.id} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Avatar src={comment.user.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                {comment.user.name.charAt(0)}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p">
                  {comment.user.name}{' '}
                  <Typography component="span" variant="caption" color="textSecondary">
                    {relativeTimeText(t, comment.createdAt, new Date(), i18n.language)}
                  </Typography>
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {comment.content}
                </Typography>
              </Box>
              {comment.user.id === user?.id && (
                <IconButton
                  size="small"
                  aria-label={t('comments.delete')}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(comment.id, { onError: () => toast.error(t('comments.deleteFailed')) })}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )}
              {user && comment.user.id !== user.id && (
                <IconButton size="small" aria-label={t('report.open', { ns: 'moderation' })} onClick={() => setReporting(comment.id)}>
                  <OutlinedFlag fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
        </Stack>
      </Box>
      {!user && (
        <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <Button variant="contained" fullWidth component={RouterLink} to={signInLink.to} state={signInLink.state}>
            {t('comments.signIn')}
          </Button>
        </Box>
      )}
      {user && (
        <Stack component="form" onSubmit={submit} direction="row" spacing={1} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('comments.placeholder')}
            slotProps={{ htmlInput: { maxLength: LIMITS.commentMax, 'aria-label': t('comments.placeholder') } }}
            helperText={t('comments.counter', { length: text.length })}
          />
          <Button type="submit" variant="contained" disabled={add.isPending || text.trim() === ''}>
            {t('comments.send')}
          </Button>
        </Stack>
      )}
      <Suspense fallback={null}>
        {reporting !== null && <ReportContentDialog target={{ type: 'comment', id: reporting }} onClose={() => setReporting(null)} />}
      </Suspense>
    </PostSheet>
  );
}
