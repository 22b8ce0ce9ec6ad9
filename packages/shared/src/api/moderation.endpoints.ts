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
import { created, defineEndpoints, ok } from './endpoint';

/**
 * The moderation desk (`/community-feeds/manage`): moderators (and admins) read the queue of
 * reported posts, comments and reels and decide; the author appeals once and another
 * moderator decides the appeal. Every step is audited; the author and reporters are told.
 */
export const moderationEndpoints = defineEndpoints('moderation', {
  'GET /moderation/queue': ok(ModerationQueue, { access: 'moderator', query: ModerationQueueQuery }).summary(
    'Moderator: reported and auto-hidden items (intimate-image reports first, then oldest first), a page at a time, and open appeals',
  ),
  'POST /moderation/acknowledgements': created(AcknowledgeResponse, {
    access: 'moderator',
    body: AcknowledgeBody,
    errors: ['post_not_found', 'comment_not_found', 'reel_not_found', 'conflict'],
  }).summary("Moderator: acknowledge an item's open reports (IT Rules 2021: within 24 hours); audited, shown on the queue"),
  'POST /moderation/decisions': created(ModerationDecision, {
    access: 'moderator',
    body: ModerationDecisionBody,
    errors: ['post_not_found', 'comment_not_found', 'reel_not_found'],
  }).summary(
    'Moderator: restore, remove, warn or suspend the author of a post, comment or reel (warn and suspend remove it only with removeItem), with a reason the author reads',
  ),
  'GET /moderation/decisions/mine': ok(MyDecisions).summary("The caller's own content decisions, newest first, with their appeals"),
  'POST /moderation/appeals': created(ModerationAppeal, { body: AppealBody, errors: ['decision_not_found', 'appeal_exists', 'not_appealable'] }).summary(
    'The author appeals a decision once, with a text',
  ),
  'POST /moderation/appeals/:id/decide': ok(ModerationDecision, {
    access: 'moderator',
    body: AppealDecisionBody,
    errors: ['appeal_not_found', 'same_moderator', 'conflict'],
  }).summary('Moderator (not the one who decided): uphold the decision or overturn it (restores the item, lifts a suspension)'),
  'POST /comments/:id/report': created(CommentReportResponse, {
    tag: 'posts',
    body: ReportPostBody,
    errors: ['age_restricted', 'comment_not_found', 'own_comment_report'],
  }).summary("Report a comment to the moderators (once per person; not one's own)"),
});
