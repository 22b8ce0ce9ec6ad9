import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { isRefusal, useErrorText } from '../../../lib/error-text';
import { useSession } from '../../../entities/session';
import { sosApi, sosKeys } from '../../../entities/sos-event';
import { feedbackPayload, toFeedbackRows, type VolunteerFeedbackRow } from './rating-rows';
import { useSwipeDown } from './use-swipe-down';
import { VolunteerFeedbackRowCard } from './volunteer-feedback-row';
import notFoundImage from './volunteer-not-found.svg';

/** Where the dialog was opened from; 'sosmode' returns to the dashboard when it closes. */
export type RatingSource = 'sosmode' | 'notifications' | 'history';

interface RatingDialogProps {
  eventId: number;
  source: RatingSource;
  open: boolean;
  onHide: () => void;
}

type Edits = Record<number, Partial<Pick<VolunteerFeedbackRow, 'rating' | 'feedback'>>>;

/** SPEC.md §2 "SOS rating dialog": rate the volunteers who accepted this event. */
export function RatingDialog({ eventId, source, open, onHide }: RatingDialogProps) {
  const { t } = useTranslation('sos');
  const navigate = useNavigate();
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const [edits, setEdits] = useState<Edits>({});
  const [submitting, setSubmitting] = useState(false);
  // The last failed submit: a refusal says its reason (already rated, did not accept), anything else "try again".
  const [submitFailure, setSubmitFailure] = useState<unknown>(null);
  const errorText = useErrorText();
  const [dismissedLoadError, setDismissedLoadError] = useState(0);

  const query = useQuery({
    queryKey: sosKeys.acceptedUsers(eventId),
    queryFn: () => sosApi.acceptedUsers(userId, eventId),
    enabled: open && userId > 0,
    retry: false,
  });
  const { refetch } = query;
  // SPEC.md §8: a top-right notice for a failed load or a failed submit.
  const showLoadError = query.isError && query.errorUpdatedAt !== dismissedLoadError;
  const notice =
    submitFailure !== null ? (isRefusal(submitFailure) ? errorText(submitFailure) : t('rating.submitFailed')) : showLoadError ? t('rating.loadFailed') : null;
  const closeNotice = () => {
    if (submitFailure !== null) setSubmitFailure(null);
    else setDismissedLoadError(query.errorUpdatedAt);
  };

  const hide = () => {
    onHide();
    if (source === 'sosmode') void navigate('/');
  };
  const swipe = useSwipeDown(hide);

  const rows = toFeedbackRows(query.data ?? []).map((row) => (row.feedbackAdded ? row : { ...row, ...edits[row.id] }));
  const loading = query.isFetching || submitting;

  const submit = async (row: VolunteerFeedbackRow) => {
    setSubmitting(true);
    try {
      const result = await sosApi.feedback(feedbackPayload(userId, row));
      if (!result) throw new Error('empty response');
      setEdits(({ [row.id]: _done, ...rest }) => rest);
      await refetch();
    } catch (error) {
      setSubmitFailure(error ?? new Error('failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Drawer
        anchor="bottom"
        open={open}
        // Persistent (SPEC.md §2): only the close button or a swipe down close it.
        onClose={() => undefined}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': 'rating-title',
            ...swipe.handlers,
            sx: {
              maxHeight: '90dvh',
              borderTopLeftRadius: 20,
              borderTopRightRadius: 20,
              maxWidth: 720,
              mx: 'auto',
              transform: swipe.offset > 0 ? `translateY(${swipe.offset}px) !important` : undefined,
            },
          },
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }} aria-hidden="true">
          <Box sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider' }} />
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1 }}>
          <Typography id="rating-title" variant="h6" component="h2" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {rows.length > 0 ? t('rating.title') : t('rating.titleEmpty')}
          </Typography>
          <IconButton onClick={hide} aria-label={t('common:actions.close')}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Box sx={{ px: 2, pb: 3, pt: 1, overflowY: 'auto' }}>
          {query.isPending && query.fetchStatus !== 'idle' ? (
            <Stack spacing={2} aria-busy="true" aria-label={t('common:loading')}>
              {[0, 1].map((key) => (
                <Box key={key}>
                  <Skeleton variant="text" width="40%" height={32} />
                  <Skeleton variant="rounded" width={160} height={30} sx={{ my: 1 }} />
                  <Skeleton variant="rounded" height={64} />
                </Box>
              ))}
            </Stack>
          ) : rows.length === 0 ? (
            <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }}>
              <img src={notFoundImage} alt="" width={200} height={160} />
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t('rating.notFound')}
              </Typography>
            </Stack>
          ) : (
            <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }}>
              {rows.map((row) => (
                <VolunteerFeedbackRowCard
                  key={`${row.eventId}-${row.id}`}
                  row={row}
                  loading={loading}
                  onChange={(change) => setEdits((current) => ({ ...current, [row.id]: { ...current[row.id], ...change } }))}
                  onSubmit={() => void submit(row)}
                />
              ))}
            </Stack>
          )}
        </Box>
      </Drawer>
      <Snackbar open={notice !== null} autoHideDuration={5000} onClose={closeNotice} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Alert severity="error" variant="filled" onClose={closeNotice}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}
