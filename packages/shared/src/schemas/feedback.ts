import { z } from 'zod';
import { Latitude, Longitude } from './common';

/** Feedback tickets (`/feedback`): what a user sends, and how the admins' inbox answers it. */

export const FEEDBACK_CATEGORIES = ['problem', 'idea', 'safety_concern', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** What the Permissions API said of each permission; `unsupported` where the browser cannot say. */
export const PERMISSION_STATES = ['granted', 'denied', 'prompt', 'unsupported'] as const;
export type PermissionStateName = (typeof PERMISSION_STATES)[number];

export const FEEDBACK_LIMITS = {
  textMax: 2000,
  replyMax: 2000,
  /** The screenshot as sent (the web app sends the picture the person chose, up to this). */
  screenshotBytesMax: 5 * 1024 * 1024,
  inboxPageSize: 20,
} as const;

/** The screenshot as it is stored: re-encoded, without metadata, within this box. */
export const FEEDBACK_SCREENSHOT_SIZE = { width: 1600, height: 1600 } as const;

const text = (max: number, field: string) =>
  z
    .string({ error: `${field} is text` })
    .trim()
    .min(1, `Write the ${field}`)
    .max(max, `${field} is at most ${max} characters`);

const permission = z.enum(PERMISSION_STATES, { error: `a permission state is one of ${PERMISSION_STATES.join(', ')}` });

/** What the web app attaches to a ticket, shown to the person before it is sent. Location only when they ticked the box. */
export const FeedbackDiagnostics = z.strictObject({
  appVersion: z.string().max(40),
  language: z.string().max(20),
  browser: z.string().max(400),
  permissions: z.strictObject({ geolocation: permission, camera: permission, microphone: permission, notifications: permission }),
  online: z.boolean().optional(),
  location: z.strictObject({ latitude: Latitude, longitude: Longitude, accuracyM: z.number().nonnegative().max(1_000_000).optional() }).optional(),
});
export type FeedbackDiagnostics = z.infer<typeof FeedbackDiagnostics>;

/**
 * The text fields of `POST /feedback` (multipart, with an optional `screenshot` file).
 * `diagnostics` travels as JSON text; `clientId` is the sending device's id for this ticket,
 * so a ticket sent again after a lost answer (an offline queue retrying) is stored once.
 */
export const CreateFeedbackFields = z.strictObject({
  category: z.enum(FEEDBACK_CATEGORIES, { error: `category is one of ${FEEDBACK_CATEGORIES.join(', ')}` }),
  text: text(FEEDBACK_LIMITS.textMax, 'text'),
  diagnostics: FeedbackDiagnostics,
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'clientId is 8 to 64 letters, digits or dashes')
    .optional(),
});
export type CreateFeedbackFields = z.infer<typeof CreateFeedbackFields>;

export const FeedbackCreated = z.object({ id: z.number().int(), status: z.literal('open') });
export type FeedbackCreated = z.infer<typeof FeedbackCreated>;

export const FeedbackReply = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
});
export type FeedbackReply = z.infer<typeof FeedbackReply>;

/** A ticket as its sender sees it. */
export const FeedbackTicket = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  text: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  screenshotUrl: z.string().nullable(),
  createdAt: z.string(),
  replies: z.array(FeedbackReply),
});
export type FeedbackTicket = z.infer<typeof FeedbackTicket>;

export const MyFeedbackResponse = z.object({ items: z.array(FeedbackTicket) });
export type MyFeedbackResponse = z.infer<typeof MyFeedbackResponse>;

/** A ticket as the admins' inbox shows it: with who sent it, the diagnostics and who replied. */
export const InboxTicket = FeedbackTicket.extend({
  user: z.object({ id: z.number().int(), name: z.string().nullable() }),
  diagnostics: FeedbackDiagnostics,
  replies: z.array(FeedbackReply.extend({ author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable() })),
});
export type InboxTicket = z.infer<typeof InboxTicket>;

export const FeedbackInboxPage = z.object({ items: z.array(InboxTicket), nextCursor: z.string().nullable() });
export type FeedbackInboxPage = z.infer<typeof FeedbackInboxPage>;

const queryText = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const FeedbackInboxQuery = z.object({
  status: queryText(z.enum(FEEDBACK_STATUSES, { error: `status is one of ${FEEDBACK_STATUSES.join(', ')}` })),
  /** The id of the last ticket of the page before (newest first). */
  cursor: queryText(z.string().regex(/^[1-9]\d{0,9}$/, 'cursor is not one this server gave')),
  limit: queryText(z.coerce.number().int('limit is a whole number').min(1, 'limit is at least 1').max(50, 'limit is at most 50')).default(
    FEEDBACK_LIMITS.inboxPageSize,
  ),
});
export type FeedbackInboxQuery = z.input<typeof FeedbackInboxQuery>;

/** An admin's answer; `status` moves the ticket (answered by default, closed to close it with this last word). */
export const FeedbackReplyBody = z.strictObject({
  text: text(FEEDBACK_LIMITS.replyMax, 'text'),
  status: z.enum(['answered', 'closed'], { error: 'status is answered or closed' }).optional(),
});
export type FeedbackReplyBody = z.infer<typeof FeedbackReplyBody>;
