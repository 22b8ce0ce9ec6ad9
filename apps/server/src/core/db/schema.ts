import type { AlertsTables } from './tables/alerts';
import type { AstroTables } from './tables/astro';
import type { AuditTables } from './tables/audit';
import type { BusinessTables } from './tables/business';
import type { CommunityTables } from './tables/community';
import type { EngagementTables } from './tables/engagement';
import type { FeedbackTables } from './tables/feedback';
import type { IncidentsTables } from './tables/incidents';
import type { ModerationTables } from './tables/moderation';
import type { NewsTables } from './tables/news';
import type { NotificationsTables } from './tables/notifications';
import type { OperationsTables } from './tables/operations';
import type { PlatformTables } from './tables/platform';
import type { RespondersTables } from './tables/responders';
import type { SafetyTimerTables } from './tables/safety-timer';
import type { ScoresTables } from './tables/scores';
import type { SmsTables } from './tables/sms';
import type { SosTables } from './tables/sos';
import type { UsersTables } from './tables/users';

/** Every table, as Kysely sees it. Each feature's tables are typed in `tables/`. */
export interface Database
  extends
    UsersTables,
    PlatformTables,
    EngagementTables,
    IncidentsTables,
    SosTables,
    CommunityTables,
    BusinessTables,
    NewsTables,
    NotificationsTables,
    ModerationTables,
    ScoresTables,
    AuditTables,
    AstroTables,
    FeedbackTables,
    RespondersTables,
    SafetyTimerTables,
    AlertsTables,
    SmsTables,
    OperationsTables {}
