import { FeedbackCreated, FeedbackInboxPage, FeedbackInboxQuery, FeedbackReplyBody, InboxTicket, MyFeedbackResponse } from '../schemas/feedback';
import { defineEndpoints } from './endpoint';

/**
 * Feedback tickets (`/feedback`): anyone signed in sends one (with an optional screenshot) and
 * reads the answers; admins answer from the inbox (`/manage/feedback`), and the sender is told.
 */
export const feedbackEndpoints = defineEndpoints('feedback', {
  'POST /feedback': {
    summary: 'Send a feedback ticket (multipart: category, text, diagnostics as JSON, clientId?, optional file `screenshot`)',
    body: 'multipart',
    responses: { 201: FeedbackCreated },
    errors: ['image_rejected', 'screenshot_too_large'],
  },
  'GET /feedback/mine': {
    summary: "The caller's tickets, newest first, with their status and the answers",
    responses: { 200: MyFeedbackResponse },
  },
  'GET /feedback': {
    summary: 'Admin: the feedback inbox, newest first, by status',
    access: 'admin',
    query: FeedbackInboxQuery,
    responses: { 200: FeedbackInboxPage },
  },
  'POST /feedback/:id/reply': {
    summary: 'Admin: answer a ticket (and close it with status closed); the sender is told in their language',
    access: 'admin',
    body: FeedbackReplyBody,
    responses: { 200: InboxTicket },
    errors: ['feedback_not_found', 'conflict'],
  },
});
