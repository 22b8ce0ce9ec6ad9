import '../zod-in-browsers';
import { adminEndpoints } from './admin.endpoints';
import { alertsEndpoints } from './alerts.endpoints';
import { astroEndpoints } from './astro.endpoints';
import { authEndpoints } from './auth.endpoints';
import { catalogEndpoints } from './catalog.endpoints';
import { certificatesEndpoints } from './certificates.endpoints';
import { dataRightsEndpoints } from './data-rights.endpoints';
import { eventsEndpoints } from './events.endpoints';
import { feedbackEndpoints } from './feedback.endpoints';
import { healthEndpoints } from './health.endpoints';
import { journeysEndpoints } from './journeys.endpoints';
import { incidentsEndpoints } from './incidents.endpoints';
import { leaderboardEndpoints } from './leaderboard.endpoints';
import { moderationEndpoints } from './moderation.endpoints';
import { newsEndpoints } from './news.endpoints';
import { notificationsEndpoints } from './notifications.endpoints';
import { postsEndpoints } from './posts.endpoints';
import { pushEndpoints } from './push.endpoints';
import { reelsDeskEndpoints } from './reels-desk.endpoints';
import { safetyTimerEndpoints } from './safety-timer.endpoints';
import { smsEndpoints } from './sms.endpoints';
import { respondersEndpoints } from './responders.endpoints';
import { sosEndpoints, sosEvidenceEndpoints, sosFeedbackEndpoints } from './sos.endpoints';
import { trackingEndpoints } from './tracking.endpoints';
import { usersEndpoints } from './users.endpoints';
import { volunteersEndpoints } from './volunteers.endpoints';

/**
 * The API contract: every call of `/api`, keyed `"METHOD /path"`, with its schemas and the
 * errors it can answer. The server registers its routes from it (core/http/endpoints.ts),
 * the OpenAPI document is generated from those routes, and the web app calls endpoints by
 * key with types taken from here (`import type` only, so no schema code reaches the bundle).
 */
export const contract = {
  ...authEndpoints,
  ...usersEndpoints,
  ...dataRightsEndpoints,
  ...pushEndpoints,
  ...notificationsEndpoints,
  ...eventsEndpoints,
  ...healthEndpoints,
  ...trackingEndpoints,
  ...volunteersEndpoints,
  ...respondersEndpoints,
  ...sosEndpoints,
  ...sosEvidenceEndpoints,
  ...sosFeedbackEndpoints,
  ...catalogEndpoints,
  ...postsEndpoints,
  ...incidentsEndpoints,
  ...leaderboardEndpoints,
  ...certificatesEndpoints,
  ...adminEndpoints,
  ...newsEndpoints,
  ...reelsDeskEndpoints,
  ...moderationEndpoints,
  ...feedbackEndpoints,
  ...astroEndpoints,
  ...safetyTimerEndpoints,
  ...journeysEndpoints,
  ...alertsEndpoints,
  ...smsEndpoints,
};

export {
  adminEndpoints,
  alertsEndpoints,
  astroEndpoints,
  authEndpoints,
  catalogEndpoints,
  certificatesEndpoints,
  dataRightsEndpoints,
  eventsEndpoints,
  feedbackEndpoints,
  healthEndpoints,
  incidentsEndpoints,
  journeysEndpoints,
  leaderboardEndpoints,
  moderationEndpoints,
  newsEndpoints,
  notificationsEndpoints,
  postsEndpoints,
  pushEndpoints,
  reelsDeskEndpoints,
  respondersEndpoints,
  safetyTimerEndpoints,
  smsEndpoints,
  sosEndpoints,
  sosEvidenceEndpoints,
  sosFeedbackEndpoints,
  trackingEndpoints,
  usersEndpoints,
  volunteersEndpoints,
};

/** The two halves of the posts part, registered in separate server contexts (only the first parses multipart). */
export { communityPostEndpoints, engagementEndpoints } from './posts.endpoints';

export type Contract = typeof contract;
export type ContractKey = keyof Contract;
