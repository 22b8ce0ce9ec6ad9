import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { likeTimeText } from '../card-text';
import { useLikesQuery } from '../queries';
import { PostSheet, type PostSheetOpenProps } from './post-sheet';

/** SPEC.md §4 likes list: more loads within 50 px of the bottom. */
const LOAD_MORE_MARGIN_PX = 50;

/** Who liked a post, ten at a time; older than 7 days shows the date (SPEC.md §9). */
export function LikesSheet({ postId, open, onClose }: PostSheetOpenProps) {
  const { t, i18n } = useTranslation('community');
  const toast = useToast();
  const query = useLikesQuery(postId, open);
  const likes = query.data?.pages.flatMap((page) => page.likes) ?? [];

  useEffect(() => {
    if (query.isError) toast.error(t('likes.loadFailed'));
  }, [query.isError, toast, t]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_MARGIN_PX && query.hasNextPage && !query.isFetchingNextPage) {
      void query.fetchNextPage();
    }
  }

  const when = (createdAt: string): string => likeTimeText(t, createdAt, new Date(), i18n.language);

  return (
    <PostSheet open={open} onClose={onClose} titleId={`likes-title-${postId}`} title={t('likes.title')} closeLabel={t('likes.close')} maxHeight="70vh">
      <Box onScroll={onScroll} sx={{ overflowY: 'auto', maxHeight: '55vh', px: 2, py: 1 }}>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {likes.map((like) => (
            <Stack component="li" key={like.id} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Avatar alt="" sx={{ width: 32, height: 32 }}>
                {like.user.name.charAt(0)}
              </Avatar>
              <Typography sx={{ flex: 1 }}>{like.user.name}</Typography>
              <Typography variant="caption" color="textSecondary">
                {when(like.createdAt)}
              </Typography>
            </Stack>
          ))}
        </Stack>
        {(query.isPending || query.isFetchingNextPage) && <CircularProgress size={24} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
        {query.isSuccess && !query.hasNextPage && (
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', py: 2 }}>
            {likes.length === 0 ? t('likes.empty') : t('likes.end')}
          </Typography>
        )}
      </Box>
    </PostSheet>
  );
}
