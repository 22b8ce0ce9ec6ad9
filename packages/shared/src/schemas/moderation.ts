import { z } from 'zod';
import { Id } from './common';
import { ANY_REPORT_REASONS } from './community';
import { DESK_PAGE_SIZE, MODERATION_REASON_MAX } from './reels-desk';

/** The moderation desk (`/community-feeds/manage`): the queue, decisions and appeals. */

export const MODERATION_TARGETS = ['post', 'comment', 'reel'] as const;
export type ModerationTarget = (typeof MODERATION_TARGETS)[number];
export const MODERATION_ACTIONS = ['restore', 'remove', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const APPEAL_OUTCOMES = ['uphold', 'overturn'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const APPEAL_STATUSES = ['open', 'upheld', 'overturned'] as const;
export const SUSPEND_DAYS_MAX = 365;
export const APPEAL_TEXT_MAX = 1000;

/**
 * India's IT Rules 2021 (rule 3(2)): a complaint is acknowledged within 24 hours and resolved
 * within 15 days; content showing a person's intimate image without consent comes down within
 * 24 hours of the complaint.
 */
export const IT_RULES_DEADLINES = { acknowledgeHours: 24, resolveDays: 15, intimateImageHours: 24 } as const;

const reasonText = z
  .string({ error: 'Write the reason' })
  .trim()
  .min(1, 'Write the reason')
  .max(MODERATION_REASON_MAX, `A reason is at most ${MODERATION_REASON_MAX} characters`);

export const ModerationDecisionBody = z
  .strictObject({
    targetType: z.enum(MODERATION_TARGETS, { error: `targetType is one of ${MODERATION_TARGETS.join(', ')}` }),
    targetId: Id,
    action: z.enum(MODERATION_ACTIONS, { error: `action is one of ${MODERATION_ACTIONS.join(', ')}` }),
    reason: reasonText,
    suspendDays: z
      .number({ error: 'suspendDays is a number of days' })
      .int('suspendDays is a whole number of days')
      .min(1, 'Suspend for at least 1 day')
      .max(SUSPEND_DAYS_MAX, `Suspend for at most ${SUSPEND_DAYS_MAX} days`)
      .optional(),
    /**
     * Warn and suspend leave the item up (a hidden one comes back) unless this is true: the
     * moderator chooses whether the author's words also come down. Remove always removes and
     * restore never does, so they take no choice.
     */
    removeItem: z.boolean({ error: 'removeItem is true or false' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.removeItem !== undefined && body.action !== 'warn' && body.action !== 'suspend') {
      ctx.addIssue({ code: 'custom', path: ['removeItem'], message: 'Only a warning or a suspension chooses whether to remove the item' });
    }
    if (body.action === 'suspend' && body.suspendDays === undefined) {
      ctx.addIssue({ code: 'custom', path: ['suspendDays'], message: 'Say for how many days' });
    }
    if (body.action !== 'suspend' && body.suspendDays !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['suspendDays'], message: 'Only a suspension has days' });
    }
  });
export type ModerationDecisionBody = z.input<typeof ModerationDecisionBody>;

export const AppealBody = z.strictObject({
  decisionId: Id,
  text: z.string({ error: 'Write your appeal' }).trim().min(1, 'Write your appeal').max(APPEAL_TEXT_MAX, `An appeal is at most ${APPEAL_TEXT_MAX} characters`),
});
export type AppealBody = z.input<typeof AppealBody>;

export const AppealDecisionBody = z.strictObject({
  outcome: z.enum(APPEAL_OUTCOMES, { error: `outcome is one of ${APPEAL_OUTCOMES.join(', ')}` }),
  reason: reasonText,
});
export type AppealDecisionBody = z.input<typeof AppealDecisionBody>;

export const ModerationAppeal = z.object({
  id: z.number().int(),
  decisionId: z.number().int(),
  text: z.string(),
  status: z.enum(APPEAL_STATUSES),
  /** Why the second moderator decided as they did (once decided). */
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ModerationAppeal = z.infer<typeof ModerationAppeal>;

export const ModerationDecision = z.object({
  id: z.number().int(),
  targetType: z.enum(MODERATION_TARGETS),
  targetId: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  suspendDays: z.number().int().nullable(),
  /** When a suspension ends (ISO), null when it is not one or was lifted on appeal. */
  suspendedUntil: z.string().nullable(),
  /** The decision took the item down (remove, or warn/suspend with removal chosen). */
  removedItem: z.boolean(),
  createdAt: z.string(),
  /** What the decided item said (a few words), so the author knows which one it was. */
  excerpt: z.string(),
  appeal: ModerationAppeal.nullable(),
  /** The author may still appeal: not a restore, and no appeal yet. */
  appealable: z.boolean(),
});
export type ModerationDecision = z.infer<typeof ModerationDecision>;

export const MyDecisions = z.object({ items: z.array(ModerationDecision) });
export type MyDecisions = z.infer<typeof MyDecisions>;

export const QueueDeadlines = z.object({
  /** When the oldest open report came in (ISO). */
  reportedAt: z.string(),
  /**
   * India wall-clock text 'YYYY-MM-DD HH:mm:ss' of each deadline (IST). acknowledgeBy counts
   * from the oldest report nobody has acknowledged (from the oldest report once all are).
   */
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  /** A report has waited more than 24 hours without an acknowledgement. */
  acknowledgeOverdue: z.boolean(),
  resolveOverdue: z.boolean(),
  /** Whole hours since the oldest open report. */
  ageHours: z.number().int(),
});
export type QueueDeadlines = z.infer<typeof QueueDeadlines>;

export const QueueComment = z.object({
  id: z.number().int(),
  author: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  /** This is the reported comment. */
  reported: z.boolean(),
});

export const QueueHistoryEntry = z.object({
  id: z.number().int(),
  targetType: z.enum(MODERATION_TARGETS),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  createdAt: z.string(),
});

export const QueueItem = z.object({
  targetType: z.enum(MODERATION_TARGETS),
  targetId: z.number().int(),
  /** 'hidden': hidden for everyone after enough reports, waiting for a decision. */
  status: z.enum(['active', 'hidden']),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(ANY_REPORT_REASONS), count: z.number().int() })),
  /** The latest notes reporters wrote. */
  notes: z.array(z.string()),
  intimateImage: z.boolean(),
  deadlines: QueueDeadlines,
  /** Who acknowledged the item's open reports last, and when (ISO); null while none is. */
  acknowledged: z.object({ by: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(), at: z.string() }).nullable(),
  /** Some open report came in after the last acknowledgement and waits for its own. */
  unacknowledgedReports: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** The reported item: a post's title and text, a comment's text, a reel's title and caption. */
  title: z.string(),
  text: z.string(),
  imageUrls: z.array(z.string()),
  videoUrl: z.string().nullable(),
  createdAt: z.string(),
  /** The post a comment belongs to (for a comment), and the post's latest comments (posts and comments). */
  post: z.object({ id: z.number().int(), title: z.string(), text: z.string() }).nullable(),
  comments: z.array(QueueComment),
  /** What moderators decided before about this author, newest first. */
  authorHistory: z.array(QueueHistoryEntry),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const QueueAppeal = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  decision: ModerationDecision.omit({ appeal: true, appealable: true }).extend({ moderatorId: z.number().int().nullable() }),
});
export type QueueAppeal = z.infer<typeof QueueAppeal>;

/** A keyset cursor this server gave: intimate-first flag, the oldest report's time (to the microsecond), kind and id. */
export const QUEUE_CURSOR = /^[01]_\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_(post|comment|reel)_[1-9]\d{0,9}$/;
export const QUEUE_PAGE_SIZE = DESK_PAGE_SIZE;
/** How many open appeals the first page carries (oldest first). */
export const QUEUE_APPEALS_MAX = 50;

export const ModerationQueueQuery = z.object({
  /** From the previous page's `nextCursor`; without it, the first page (with the appeals). */
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(QUEUE_CURSOR, 'cursor is not one this server gave').optional()),
  limit: z.coerce.number().int('limit is a whole number').min(1, 'limit is at least 1').max(50, 'limit is at most 50').default(QUEUE_PAGE_SIZE),
});
export type ModerationQueueQuery = z.input<typeof ModerationQueueQuery>;

/** `appeals` is filled on the first page only; later pages carry more items and an empty list. */
export const ModerationQueue = z.object({ items: z.array(QueueItem), appeals: z.array(QueueAppeal), nextCursor: z.string().nullable() });
export type ModerationQueue = z.infer<typeof ModerationQueue>;

export const AcknowledgeBody = z.strictObject({
  targetType: z.enum(MODERATION_TARGETS, { error: `targetType is one of ${MODERATION_TARGETS.join(', ')}` }),
  targetId: Id,
});
export type AcknowledgeBody = z.input<typeof AcknowledgeBody>;
/** How many open reports this acknowledgement covered, who and when. */
export const AcknowledgeResponse = z.object({ acknowledged: z.number().int(), by: z.number().int(), at: z.string() });
export type AcknowledgeResponse = z.infer<typeof AcknowledgeResponse>;

export const CommentReportResponse = z.object({ reported: z.literal(true) });
