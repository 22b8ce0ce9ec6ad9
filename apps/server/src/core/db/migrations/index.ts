import type { Migration } from 'kysely';
import * as m0001 from './0001-users-and-auth';
import * as m0002 from './0002-platform';
import * as m0003 from './0003-engagement';
import * as m0004 from './0004-incidents';
import * as m0005 from './0005-sos';
import * as m0006 from './0006-community';
import * as m0007 from './0007-business';
import * as m0008 from './0008-news-notifications-moderation';
import * as m0009 from './0009-sos-delivery';
import * as m0011 from './0011-community-feed-cells';
import * as m0012 from './0012-volunteer-cells';
import * as m0014 from './0014-users-first-dob';
import * as m0015 from './0015-otp-attempts';
import * as m0016 from './0016-sos-cell-distance';
import * as m0017 from './0017-points-ledger';
import * as m0018 from './0018-certificates';
import * as m0019 from './0019-leaderboard-places';
import * as m0020 from './0020-roles-and-audit';
import * as m0021 from './0021-newsroom';
import * as m0022 from './0022-reels-desk';
import * as m0023 from './0023-moderation';
import * as m0024 from './0024-feedback';
import * as m0025 from './0025-data-rights';
import * as m0026 from './0026-moderation-acknowledge';
import * as m0027 from './0027-astro';
import * as m0028 from './0028-safety-timer';
import * as m0029 from './0029-responders';
import * as m0030 from './0030-local-alerts';
import * as m0031 from './0031-sos-contact-volunteers';
import * as m0032 from './0032-evidence-recordings';
import * as m0033 from './0033-news-language-follows-app';
import * as m0034 from './0034-login-devices';
import * as m0035 from './0035-sms-messages';
import * as m0036 from './0036-cell-functions-search-path';
import * as m0037 from './0037-operations-counters';
import * as m0038 from './0038-outbox-trace-context';
import * as m0039 from './0039-journeys';
import * as m0040 from './0040-journey-watch';

/** Ordered by name; forward-only. Never edit a migration that has landed: add a new one. */
export const migrations: Record<string, Migration> = {
  '0001-users-and-auth': m0001,
  '0002-platform': m0002,
  '0003-engagement': m0003,
  '0004-incidents': m0004,
  '0005-sos': m0005,
  '0006-community': m0006,
  '0007-business': m0007,
  '0008-news-notifications-moderation': m0008,
  '0009-sos-delivery': m0009,
  '0011-community-feed-cells': m0011,
  '0012-volunteer-cells': m0012,
  '0014-users-first-dob': m0014,
  '0015-otp-attempts': m0015,
  '0016-sos-cell-distance': m0016,
  '0017-points-ledger': m0017,
  '0018-certificates': m0018,
  '0019-leaderboard-places': m0019,
  '0020-roles-and-audit': m0020,
  '0021-newsroom': m0021,
  '0022-reels-desk': m0022,
  '0023-moderation': m0023,
  '0024-feedback': m0024,
  '0025-data-rights': m0025,
  '0026-moderation-acknowledge': m0026,
  '0027-astro': m0027,
  '0028-safety-timer': m0028,
  '0029-responders': m0029,
  '0030-local-alerts': m0030,
  '0031-sos-contact-volunteers': m0031,
  '0032-evidence-recordings': m0032,
  '0033-news-language-follows-app': m0033,
  '0034-login-devices': m0034,
  '0035-sms-messages': m0035,
  '0036-cell-functions-search-path': m0036,
  '0037-operations-counters': m0037,
  '0038-outbox-trace-context': m0038,
  '0039-journeys': m0039,
  '0040-journey-watch': m0040,
};
