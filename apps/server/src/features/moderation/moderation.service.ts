import type { AcknowledgeResponse, ModerationAction, ModerationDecision, ModerationQueue, ModerationTarget, QueueAppeal, QueueItem } from '@saathi/shared';
import { QUEUE_APPEALS_MAX } from '@saathi/shared';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { CommunityAccess } from '../../domain/community-access';
import type { AuthUser } from '../../plugins/app/auth';
import { queueDeadlines } from './moderation-deadlines';
import type { ModerationNotifier } from './moderation.notify';
import type { AppealRow, DecisionRow, ModerationRepository, QueueCursor, QueueTargetRow, TargetRow } from './moderation.repository';

export interface ModerationServiceDeps {
  repo: ModerationRepository;
  notifier: ModerationNotifier;
  access: CommunityAccess;
  clock: Clock;
  /** Distinct reports that hide a comment pending review (POST_REPORT_HIDE_THRESHOLD, as for posts). */
  reportHideThreshold: number;
}

const CONTEXT_COMMENTS = 10;
const HISTORY_LIMIT = 10;
const EXCERPT_CHARS = 80;
const DAY_MS = 86_400_000;

const NOT_FOUND = {
  post: () => new NotFoundError('Post not found', 'post_not_found'),
  comment: () => new NotFoundError('Comment not found', 'comment_not_found'),
  reel: () => new NotFoundError('Reel not found', 'reel_not_found'),
} as const;
const decisionNotFound = () => new NotFoundError('Decision not found', 'decision_not_found');

/**
 * Whether a decision takes the item down. Remove does and restore does not. Warn and suspend
 * act on the author: a moderator who warns expects the post to stay (a hidden one comes back)
 * with a warning on the author's record, and a suspension pauses the author's posting without
 * touching what they wrote; either takes the item down only when the moderator also ticks
 * "remove it too" (`removeItem`).
 */
export const removesItem = (action: ModerationAction, removeItem: boolean | undefined): boolean =>
  action === 'remove' || ((action === 'warn' || action === 'suspend') && removeItem === true);

const queueCursorText = (row: QueueTargetRow) => `${row.intimate ? 0 : 1}_${row.first_key}_${row.target_type}_${row.target_id}`;

function queueCursorOf(text: string): QueueCursor {
  const [rank, firstKey, type, id] = text.split('_');
  return { rank: rank === '0' ? 0 : 1, firstKey: firstKey!, type: type as ModerationTarget, id: Number(id) };
}

const iso = (at: Date | string) => new Date(at).toISOString();

function excerptOf(row: TargetRow | undefined): string {
  if (!row) return '';
  const text = [row.title, row.text].filter((part) => part.trim()).join(' — ');
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}

function toDecision(row: DecisionRow, target: TargetRow | undefined, appeal: AppealRow | undefined): ModerationDecision {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    action: row.action,
    reason: row.reason,
    suspendDays: row.suspend_days,
    suspendedUntil: row.suspension_ends_at && !row.suspension_lifted_at ? iso(row.suspension_ends_at) : null,
    removedItem: row.removed_item,
    createdAt: iso(row.created_at),
    excerpt: excerptOf(target),
    appeal: appeal
      ? {
          id: appeal.id,
          decisionId: appeal.decision_id,
          text: appeal.text,
          status: appeal.status,
          decisionReason: appeal.decision_reason,
          createdAt: iso(appeal.created_at),
          decidedAt: appeal.decided_at ? iso(appeal.decided_at) : null,
        }
      : null,
    appealable: !appeal && row.action !== 'restore',
  };
}

/**
 * The moderation desk. Who may call it is the endpoints' `access` (the auth hook); this
 * service holds the rules: each decision, its report closures and its audit row commit
 * together; the author and reporters hear of it after the commit.
 */
export function createModerationService({ repo, notifier, access, clock, reportHideThreshold }: ModerationServiceDeps) {
  async function queueItem(row: QueueTargetRow, now: Date) {
    const target = await repo.target(row.target_type, row.target_id);
    if (!target) return undefined;
    const postId = target.target_type === 'post' ? target.id : target.post_id;
    const [reports, images, comments, post, history] = await Promise.all([
      repo.openReports(row.target_type, row.target_id),
      target.target_type === 'post' ? repo.postImages(target.id) : Promise.resolve([]),
      postId ? repo.postComments(postId, CONTEXT_COMMENTS) : Promise.resolve([]),
      target.target_type === 'comment' && postId ? repo.target('post', postId) : Promise.resolve(undefined),
      target.author_id === null ? Promise.resolve([]) : repo.historyOf(target.author_id, HISTORY_LIMIT),
    ]);
    const item: QueueItem = {
      targetType: target.target_type,
      targetId: target.id,
      status: target.status === 'hidden' ? 'hidden' : 'active',
      reportCount: row.report_count,
      reasons: reports.reasons,
      notes: reports.notes,
      intimateImage: row.intimate,
      deadlines: queueDeadlines(
        { reportedAt: new Date(row.first_at), unacknowledgedAt: row.unacknowledged_at && new Date(row.unacknowledged_at) },
        row.intimate,
        now,
      ),
      acknowledged: row.acknowledged_at
        ? { by: row.acknowledged_by === null ? null : { id: row.acknowledged_by, name: row.acknowledged_by_name }, at: iso(row.acknowledged_at) }
        : null,
      unacknowledgedReports: row.unacknowledged,
      author: target.author_id === null ? null : { id: target.author_id, name: target.author_name },
      title: target.title,
      text: target.text,
      imageUrls: images,
      videoUrl: target.target_type === 'reel' ? target.video_url : null,
      createdAt: iso(target.created_at),
      post: post ? { id: post.id, title: post.title, text: post.text } : null,
      comments: comments.map((c) => ({
        id: c.id,
        author: c.author,
        content: c.content,
        createdAt: iso(c.created_at),
        reported: target.target_type === 'comment' && c.id === target.id,
      })),
      authorHistory: history.map((h) => ({ id: h.id, targetType: h.target_type, action: h.action, reason: h.reason, createdAt: iso(h.created_at) })),
    };
    return item;
  }

  async function queueAppeal(appeal: AppealRow): Promise<QueueAppeal | undefined> {
    const decision = await repo.decision(appeal.decision_id);
    if (!decision) return undefined;
    const target = await repo.target(decision.target_type, decision.target_id);
    const { appeal: _appeal, appealable: _appealable, ...rest } = toDecision(decision, target, appeal);
    return {
      id: appeal.id,
      text: appeal.text,
      createdAt: iso(appeal.created_at),
      author: { id: appeal.author_id, name: await repo.userName(appeal.author_id) },
      decision: { ...rest, moderatorId: decision.moderator_id },
    };
  }

  async function decisionView(id: number): Promise<ModerationDecision> {
    const row = await repo.decision(id);
    if (!row) throw decisionNotFound();
    const [target, appeals] = await Promise.all([repo.target(row.target_type, row.target_id), repo.appealsOf([id])]);
    return toDecision(row, target, appeals[0]);
  }

  return {
    /** A page of the queue; the first page (no cursor) also carries the open appeals. */
    async queue(query: { cursor?: string | undefined; limit: number }): Promise<ModerationQueue> {
      const now = clock();
      const [rows, appeals] = await Promise.all([
        repo.queueTargets(query.cursor ? queueCursorOf(query.cursor) : undefined, query.limit + 1),
        query.cursor ? Promise.resolve([]) : repo.openAppeals(QUEUE_APPEALS_MAX),
      ]);
      const page = rows.slice(0, query.limit);
      const items = await Promise.all(page.map((row) => queueItem(row, now)));
      const openAppeals = await Promise.all(appeals.map(queueAppeal));
      const last = page.at(-1);
      return {
        items: items.filter((i) => i !== undefined),
        appeals: openAppeals.filter((a) => a !== undefined),
        nextCursor: rows.length > query.limit && last ? queueCursorText(last) : null,
      };
    },

    /**
     * The IT Rules' first step: a moderator has seen the complaint. Marks the item's open
     * reports nobody acknowledged, audited; 409 when none waits for it.
     */
    async acknowledge(caller: AuthUser, body: { targetType: ModerationTarget; targetId: number }): Promise<AcknowledgeResponse> {
      const at = clock();
      const acknowledged = await repo.transaction(async (trx) => {
        const target = await repo.target(body.targetType, body.targetId, trx);
        if (!target) throw NOT_FOUND[body.targetType]();
        const count = await repo.acknowledge(trx, body.targetType, body.targetId, caller.id, at);
        if (count === 0) throw new ConflictError('No report of this item waits for an acknowledgement', undefined, 'conflict');
        await recordAudit(trx, {
          actor: caller,
          action: 'moderation_acknowledge',
          target: { type: body.targetType, id: body.targetId },
          after: { acknowledgedReports: count, openReports: await repo.openReportCount(trx, body.targetType, body.targetId) },
          at,
        });
        return count;
      });
      return { acknowledged, by: caller.id, at: iso(at) };
    },

    async decide(
      caller: AuthUser,
      body: {
        targetType: ModerationTarget;
        targetId: number;
        action: ModerationAction;
        reason: string;
        suspendDays?: number | undefined;
        removeItem?: boolean | undefined;
      },
    ): Promise<ModerationDecision> {
      const at = clock();
      const removed = removesItem(body.action, body.removeItem);
      const status = removed ? 'removed' : 'active';
      const { decisionId, target, reporters, until } = await repo.transaction(async (trx) => {
        const target = await repo.target(body.targetType, body.targetId, trx);
        if (!target) throw NOT_FOUND[body.targetType]();
        if (body.action === 'suspend' && target.author_id === null) throw new ValidationError('This item has no author to suspend', 'action');
        await repo.setStatus(trx, body.targetType, body.targetId, status);
        const decisionId = await repo.insertDecision(trx, {
          type: body.targetType,
          id: body.targetId,
          authorId: target.author_id,
          moderatorId: caller.id,
          action: body.action,
          reason: body.reason,
          suspendDays: body.suspendDays ?? null,
          removedItem: removed,
          at,
        });
        const until = body.action === 'suspend' && body.suspendDays ? new Date(at.getTime() + body.suspendDays * DAY_MS) : null;
        if (until && target.author_id !== null) await repo.insertSuspension(trx, { userId: target.author_id, decisionId, endsAt: until, at });
        const reporters = await repo.closeReports(trx, body.targetType, body.targetId, {
          status: body.action === 'restore' ? 'dismissed' : 'actioned',
          by: caller.id,
          at,
          note: body.reason,
        });
        await recordAudit(trx, {
          actor: caller,
          action: 'moderation_decision',
          target: { type: body.targetType, id: body.targetId },
          reason: body.reason,
          before: { status: target.status, authorId: target.author_id },
          after: { status, action: body.action, removedItem: removed, decisionId, ...(until ? { suspendedUntil: until.toISOString() } : {}) },
          at,
        });
        return { decisionId, target, reporters, until };
      });
      await notifier.notify([
        ...(target.author_id === null
          ? []
          : [{ to: 'author' as const, userId: target.author_id, decisionId, kind: body.targetType, action: body.action, removed, reason: body.reason, until }]),
        ...reporters.map((userId) => ({
          to: 'reporter' as const,
          userId,
          kind: body.targetType,
          targetId: body.targetId,
          outcome: body.action === 'restore' ? ('restore' as const) : removed ? ('removed' as const) : ('actioned' as const),
        })),
      ]);
      return decisionView(decisionId);
    },

    /** The caller's own decisions; another person's are never listed. */
    async mine(callerId: number): Promise<{ items: ModerationDecision[] }> {
      const rows = await repo.decisionsOf(callerId);
      const appeals = await repo.appealsOf(rows.map((r) => r.id));
      const targets = await Promise.all(rows.map((r) => repo.target(r.target_type, r.target_id)));
      return {
        items: rows.map((row, i) =>
          toDecision(
            row,
            targets[i],
            appeals.find((a) => a.decision_id === row.id),
          ),
        ),
      };
    },

    async appeal(caller: AuthUser, body: { decisionId: number; text: string }) {
      const at = clock();
      const appeal = await repo.transaction(async (trx) => {
        const decision = await repo.decision(body.decisionId, trx);
        // Someone else's decision is not there for this caller.
        if (!decision || decision.author_id !== caller.id) throw decisionNotFound();
        if (decision.action === 'restore') throw new ConflictError('A restore cannot be appealed', undefined, 'not_appealable');
        const appeal = await repo.insertAppeal(trx, { decisionId: decision.id, authorId: caller.id, text: body.text, at });
        if (!appeal) throw new ConflictError('This decision has an appeal already', undefined, 'appeal_exists');
        await recordAudit(trx, {
          actor: caller,
          action: 'moderation_appeal',
          target: { type: 'moderation_decision', id: decision.id },
          reason: body.text,
          after: { appealId: appeal.id, status: 'open' },
          at,
        });
        return appeal;
      });
      return {
        id: appeal.id,
        decisionId: appeal.decision_id,
        text: appeal.text,
        status: appeal.status,
        decisionReason: null,
        createdAt: iso(appeal.created_at),
        decidedAt: null,
      };
    },

    async decideAppeal(caller: AuthUser, appealId: number, body: { outcome: 'uphold' | 'overturn'; reason: string }): Promise<ModerationDecision> {
      const at = clock();
      const { decision, status, restores } = await repo.transaction(async (trx) => {
        const appeal = await repo.appealForUpdate(trx, appealId);
        if (!appeal) throw new NotFoundError('Appeal not found', 'appeal_not_found');
        if (appeal.status !== 'open') throw new ConflictError('This appeal is decided already', undefined, 'conflict');
        const decision = await repo.decision(appeal.decision_id, trx);
        if (!decision) throw new NotFoundError('Appeal not found', 'appeal_not_found');
        if (decision.moderator_id === caller.id) {
          throw new ConflictError('Another moderator must decide this appeal', undefined, 'same_moderator');
        }
        const status = body.outcome === 'overturn' ? ('overturned' as const) : ('upheld' as const);
        await repo.decideAppeal(trx, appealId, { status, by: caller.id, reason: body.reason, at });
        // Overturning brings back what the decision took down (only that) and lifts its suspension.
        const restores = status === 'overturned' && decision.removed_item;
        if (restores && (await repo.target(decision.target_type, decision.target_id, trx))) {
          await repo.setStatus(trx, decision.target_type, decision.target_id, 'active');
        }
        if (status === 'overturned') await repo.liftSuspension(trx, decision.id, at);
        await recordAudit(trx, {
          actor: caller,
          action: 'moderation_appeal_decision',
          target: { type: 'moderation_decision', id: decision.id },
          reason: body.reason,
          before: { appealId, status: 'open' },
          after: { appealId, status, ...(restores ? { targetStatus: 'active' } : {}) },
          at,
        });
        return { decision, status, restores };
      });
      if (decision.author_id !== null) {
        await notifier.notify([
          {
            to: 'appellant',
            userId: decision.author_id,
            decisionId: decision.id,
            kind: decision.target_type,
            outcome: status === 'overturned' && !restores ? 'cancelled' : status,
            reason: body.reason,
          },
        ]);
      }
      return decisionView(decision.id);
    },

    /**
     * Someone reports a comment they can see: once each, never their own. It leaves the
     * reporter's view at once (the comments list skips what the reader reported) and
     * everyone's after `reportHideThreshold` distinct reports, until a moderator decides.
     */
    async reportComment(callerId: number, commentId: number, reason: string, details: string | undefined): Promise<{ reported: true }> {
      await access.assertAllowed(callerId);
      const comment = await repo.visibleComment(commentId);
      if (!comment) throw NOT_FOUND.comment();
      if (comment.userId === callerId) throw new ValidationError('You cannot report your own comment', undefined, 'own_comment_report');
      await repo.reportComment(
        commentId,
        comment.userId,
        { reporterId: callerId, reason, details: details?.trim() ? details.trim() : null },
        reportHideThreshold,
      );
      return { reported: true };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
