import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeedbackCategory, FeedbackStatus } from '@saathi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedbackLabels } from './labels';

export const STATUS_COLOR: Record<FeedbackStatus, 'primary' | 'success' | 'default'> = { open: 'primary', answered: 'success', closed: 'default' };

export function formatWhen(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

interface TicketShape {
  id: number;
  category: FeedbackCategory;
  status: FeedbackStatus;
  text: string;
  replies: readonly { id: number; text: string; createdAt: string }[];
}

interface TicketCardProps<T extends TicketShape> {
  ticket: T;
  /** The ticket's heading level: h3 under the user's own list, h2 in the inbox. */
  heading: 'h2' | 'h3';
  /** Beside the status chip (the sender's list shows the date there). */
  headerExtra?: ReactNode;
  /** Under the heading, before the text (the inbox says who sent it). */
  intro?: ReactNode;
  /** After the text: the screenshot, diagnostics. */
  attachments?: ReactNode;
  /** Whose answer and when, above each reply. */
  replyCaption: (reply: T['replies'][number]) => string;
  /** Under the replies (the inbox's answer form). */
  children?: ReactNode;
}

/** One feedback ticket as a list item: number, category and status, the text, what came with it, and the answers. */
export function TicketCard<T extends TicketShape>({ ticket, heading, headerExtra, intro, attachments, replyCaption, children }: TicketCardProps<T>) {
  const { t } = useTranslation('feedback');
  const labels = useFeedbackLabels();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography variant="subtitle2" component={heading}>
          {t('mine.ticket', { id: ticket.id, category: labels.category(ticket.category) })}
        </Typography>
        <Chip size="small" label={labels.status(ticket.status)} color={STATUS_COLOR[ticket.status]} />
        {headerExtra}
      </Stack>
      {intro}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {ticket.text}
      </Typography>
      {attachments}
      {ticket.replies.map((reply) => (
        <Box key={reply.id} sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}>
          <Typography variant="caption" color="textSecondary">
            {replyCaption(reply)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {reply.text}
          </Typography>
        </Box>
      ))}
      {children}
    </Paper>
  );
}
