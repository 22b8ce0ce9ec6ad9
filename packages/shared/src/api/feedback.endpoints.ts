import { FeedbackCreated, FeedbackInboxPage, FeedbackInboxQuery, FeedbackReplyBody, InboxTicket, MyFeedbackResponse } from '../schemas/feedback';
import { created, defineEndpoints, ok } from './endpoint';

/**
 * Feedback tickets (`/feedback`): anyone signed in sends one (with an optional screenshot) and
 * reads the answers; admins answer from the inbox (`/manage/feedback`), and the sender is told.
 */
export const feedbackEndpoints = defineEndpoints('feedback', {
  'POST /feedback': created(FeedbackCreated, {
    body: 'multipart',
    form: { fields: ['category', 'text', 'diagnostics', 'clientId'], files: { screenshot: 1 } },
    errors: ['image_rejected', 'screenshot_too_large', 'unsupported_media_type'],
  }).summary('Send a feedback ticket (multipart: category, text, diagnostics as JSON, clientId?, optional file `screenshot`)'),
  'GET /feedback/mine': ok(MyFeedbackResponse).summary("The caller's tickets, newest first, with their status and the answers"),
  'GET /feedback': ok(FeedbackInboxPage, { access: 'admin', query: FeedbackInboxQuery }).summary('Admin: the feedback inbox, newest first, by status'),
  'POST /feedback/:id/reply': ok(InboxTicket, { access: 'admin', body: FeedbackReplyBody, errors: ['feedback_not_found', 'conflict'] }).summary(
    'Admin: answer a ticket (and close it with status closed); the sender is told in their language',
  ),
});
