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
import { defineEndpoints } from './endpoint';

/**
 * The reels desk (`/shorts-crud`): moderators (and admins) list every reel, edit, hide,
 * restore, delete and add hosted-video reels; each action is audited and the author is told.
 * The auth hook refuses anyone else before reading the request.
 */
export const reelsDeskEndpoints = defineEndpoints('reels-desk', {
  'GET /moderation/reels': {
    summary: 'Moderator: every reel (active and hidden), newest first, with its reports; filtered by state, author and source',
    access: 'moderator',
    query: DeskReelsQuery,
    responses: { 200: DeskReelsPage },
  },
  'POST /moderation/reels': {
    summary: 'Moderator: add a hosted-video reel by its 11-character id',
    access: 'moderator',
    body: DeskAddReelBody,
    responses: { 201: DeskReel },
  },
  'PATCH /moderation/reels/:id': {
    summary: "Moderator: change a reel's title and/or caption",
    access: 'moderator',
    body: DeskEditReelBody,
    responses: { 200: DeskReel },
    errors: ['reel_not_found'],
  },
  'POST /moderation/reels/:id/hide': {
    summary: 'Moderator: hide a reel from everyone, with a reason the author is told',
    access: 'moderator',
    body: ModerationReasonBody,
    responses: { 200: DeskReel },
    errors: ['reel_not_found', 'conflict'],
  },
  'POST /moderation/reels/:id/restore': {
    summary: 'Moderator: show a hidden reel again, with a reason the author is told',
    access: 'moderator',
    body: ModerationReasonBody,
    responses: { 200: DeskReel },
    errors: ['reel_not_found', 'conflict'],
  },
  'POST /moderation/reels/:id/delete': {
    summary: 'Moderator: delete a reel for good, with a reason the author is told',
    access: 'moderator',
    body: ModerationReasonBody,
    responses: { 200: DeskDeletedResponse },
    errors: ['reel_not_found'],
  },
  'POST /incidents/reels/:id/report': {
    summary: "Report a reel to the moderators (once per person; not one's own)",
    tag: 'reels',
    body: ReportReelBody,
    responses: { 201: ReportReelResponse },
    errors: ['reel_not_found', 'own_reel_report', 'reel_already_reported'],
  },
});
