import {
  DeskAddReelBody,
  DeskDeletedResponse,
  DeskEditReelBody,
  DeskReel,
  DeskReelsPage,
  DeskReelsQuery,
  ModerationReasonBody,
  ReportReelBody,
  ReportReelResponse,
} from '../schemas/reels-desk';
import { created, defineEndpoints, ok } from './endpoint';

/**
 * The reels desk (`/shorts-crud`): moderators (and admins) list every reel, edit, hide,
 * restore, delete and add hosted-video reels; each action is audited and the author is told.
 * The auth hook refuses anyone else before reading the request.
 */
export const reelsDeskEndpoints = defineEndpoints('reels-desk', {
  'GET /moderation/reels': ok(DeskReelsPage, { access: 'moderator', query: DeskReelsQuery }).summary(
    'Moderator: every reel (active and hidden), newest first, with its reports; filtered by state, author and source',
  ),
  'POST /moderation/reels': created(DeskReel, { access: 'moderator', body: DeskAddReelBody }).summary(
    'Moderator: add a hosted-video reel by its 11-character id',
  ),
  'PATCH /moderation/reels/:id': ok(DeskReel, { access: 'moderator', body: DeskEditReelBody, errors: ['reel_not_found'] }).summary(
    "Moderator: change a reel's title and/or caption",
  ),
  'POST /moderation/reels/:id/hide': ok(DeskReel, { access: 'moderator', body: ModerationReasonBody, errors: ['reel_not_found', 'conflict'] }).summary(
    'Moderator: hide a reel from everyone, with a reason the author is told',
  ),
  'POST /moderation/reels/:id/restore': ok(DeskReel, { access: 'moderator', body: ModerationReasonBody, errors: ['reel_not_found', 'conflict'] }).summary(
    'Moderator: show a hidden reel again, with a reason the author is told',
  ),
  'POST /moderation/reels/:id/delete': ok(DeskDeletedResponse, { access: 'moderator', body: ModerationReasonBody, errors: ['reel_not_found'] }).summary(
    'Moderator: delete a reel for good, with a reason the author is told',
  ),
  'POST /incidents/reels/:id/report': created(ReportReelResponse, {
    tag: 'reels',
    body: ReportReelBody,
    errors: ['reel_not_found', 'own_reel_report', 'reel_already_reported'],
  }).summary("Report a reel to the moderators (once per person; not one's own)"),
});
