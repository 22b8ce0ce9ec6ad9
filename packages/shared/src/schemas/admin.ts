import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, ROLES } from '../constants';
import { HealthChecks, Id } from './common';

/** Query text as a number; '' and absent are "not given". */
const queryNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), schema.optional());

/** Query text; '' is "not given" (an empty filter field of a form). */
const queryText = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A keyset cursor this server gave: the last row's id. */
const Cursor = queryText(z.string().regex(/^[1-9]\d{0,18}$/, 'cursor is not one this server gave'));

/** PUT /api/users/:id/roles: the user's roles as a whole; `user` may be listed or not, every account has it. */
export const SetUserRolesBody = z.strictObject({
  roles: z.array(z.enum(ROLES, { error: `roles are ${ROLES.join(', ')}` })).max(ROLES.length * 2),
});
export type SetUserRolesBody = z.input<typeof SetUserRolesBody>;

export const UserRoles = z.object({
  id: z.number().int(),
  roles: z.array(z.enum(ROLES)),
});
export type UserRoles = z.infer<typeof UserRoles>;

/** GET /api/admin/users: a name (or a word of it) or a phone number, by its start. */
export const AdminUsersQuery = z.object({
  query: z.string().trim().max(60, 'query is at most 60 characters').optional(),
  cursor: Cursor,
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

export const AdminUser = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phoneNumber: z.string(),
  roles: z.array(z.enum(ROLES)),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersPage = z.object({
  items: z.array(AdminUser),
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

/** GET /api/admin/audit: every filter optional, newest first. */
export const AuditQuery = z.object({
  actor: queryText(Id),
  action: queryText(z.enum(AUDIT_ACTIONS, { error: `action is one of ${AUDIT_ACTIONS.join(', ')}` })),
  targetType: queryText(z.enum(AUDIT_TARGET_TYPES, { error: `targetType is one of ${AUDIT_TARGET_TYPES.join(', ')}` })),
  targetId: queryText(z.string().trim().min(1).max(100, 'targetId is at most 100 characters')),
  cursor: Cursor,
  limit: queryNumber(z.number().int('limit is a whole number').min(1, 'limit is at least 1').max(100, 'limit is at most 100')).default(20),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  /** `name` is null when the account is gone or has no name; the row itself stays. */
  actor: z.object({ id: z.number().int(), name: z.string().nullable() }),
  /** The roles the actor held when acting. */
  actorRoles: z.array(z.enum(ROLES)),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string() }),
  reason: z.string().nullable(),
  /** A summary of the target before and after the action (JSON; its shape depends on the action). */
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  items: z.array(AuditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;

const DeliveryTally = z.object({
  ok: z.number().int(),
  failed: z.number().int(),
  expired: z.number().int(),
  refused: z.number().int(),
});

/**
 * GET /api/admin/status: the service at a glance over the last hour, the same whichever process
 * answers (read from the shared database, not one process's counters). `ready` is the answering
 * process's own readiness. Times in milliseconds; a percentile is null when nothing was measured.
 */
export const OperationsStatus = z.object({
  generatedAt: z.string(),
  windowMinutes: z.number().int(),
  ready: HealthChecks,
  sos: z.object({
    /** Raised in the window (practice alerts not counted). */
    raised: z.number().int(),
    /** Active now. */
    active: z.number().int(),
    /** The fan-out's first step (contacts and the first radius) of SOS raised in the window. */
    firstStep: z.object({
      measured: z.number().int(),
      p50Ms: z.number().nullable(),
      p95Ms: z.number().nullable(),
      /** How many of them went out within the 2-second objective. */
      withinObjective: z.number().int(),
      objectiveMs: z.number().int(),
    }),
  }),
  outbox: z.object({ due: z.number().int(), running: z.number().int(), failed: z.number().int(), lagSeconds: z.number() }),
  deliveries: z.object({ push: DeliveryTally, sms: DeliveryTally, inapp: DeliveryTally }),
});
export type OperationsStatus = z.infer<typeof OperationsStatus>;
