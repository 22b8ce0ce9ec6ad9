import { ReportPostBody } from '../schemas/community';
import {
  AcknowledgeBody,
  AcknowledgeResponse,
  AppealBody,
  AppealDecisionBody,
  CommentReportResponse,
  ModerationAppeal,
  ModerationDecision,
  ModerationDecisionBody,
  ModerationQueue,
  ModerationQueueQuery,
  MyDecisions,
} from '../schemas/moderation';
import { defineEndpoints } from './endpoint';

/**
 * The moderation desk (`/community-feeds/manage`): moderators (and admins) read the queue of
 * reported posts, comments and reels and decide; the author appeals once and another
 * moderator decides the appeal. Every step is audited; the author and reporters are told.
 */
export const moderationEndpoints = defineEndpoints('moderation', {
  'GET /moderation/queue': {
    summary: 'Moderator: reported and auto-hidden items (intimate-image reports first, then oldest first), a page at a time, and open appeals',
    access: 'moderator',
    query: ModerationQueueQuery,
    responses: { 200: ModerationQueue },
  },
  'POST /moderation/acknowledgements': {
    summary: "Moderator: acknowledge an item's open reports (IT Rules 2021: within 24 hours); audited, shown on the queue",
    access: 'moderator',
    body: AcknowledgeBody,
    responses: { 201: AcknowledgeResponse },
    errors: ['post_not_found', 'comment_not_found', 'reel_not_found', 'conflict'],
  },
  'POST /moderation/decisions': {
    summary:
      'Moderator: restore, remove, warn or suspend the author of a post, comment or reel (warn and suspend remove it only with removeItem), with a reason the author reads',
    access: 'moderator',
    body: ModerationDecisionBody,
    responses: { 201: ModerationDecision },
    errors: ['post_not_found', 'comment_not_found', 'reel_not_found'],
  },
  'GET /moderation/decisions/mine': {
    summary: "The caller's own content decisions, newest first, with their appeals",
    responses: { 200: MyDecisions },
  },
  'POST /moderation/appeals': {
    summary: 'The author appeals a decision once, with a text',
    body: AppealBody,
    responses: { 201: ModerationAppeal },
    errors: ['decision_not_found', 'appeal_exists', 'not_appealable'],
  },
  'POST /moderation/appeals/:id/decide': {
    summary: 'Moderator (not the one who decided): uphold the decision or overturn it (restores the item, lifts a suspension)',
    access: 'moderator',
    body: AppealDecisionBody,
    responses: { 200: ModerationDecision },
    errors: ['appeal_not_found', 'same_moderator', 'conflict'],
  },
  'POST /comments/:id/report': {
    summary: "Report a comment to the moderators (once per person; not one's own)",
    tag: 'posts',
    body: ReportPostBody,
    responses: { 201: CommentReportResponse },
    errors: ['age_restricted', 'comment_not_found', 'own_comment_report'],
  },
});
