import { z } from 'zod';
import { EventStreamTicketResponse } from '../schemas/notifications';
import { defineEndpoints, ok } from './endpoint';

/** `?ticket=`: a single-use ticket from POST /events/ticket, for clients that cannot send a header. */
const EventStreamQuery = z.object({
  ticket: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/)
    .optional(),
  /** The id of the last event received, for a client that cannot send the Last-Event-ID header. */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}-\d{1,15}$/)
    .optional()
    .describe('The id of the last event received (as the Last-Event-ID header, which takes precedence): the events published since follow the ready frame'),
});

/**
 * The frames of the live-event stream. It is not JSON: the answer is `text/event-stream`, one
 * `event: <type>` / `data: <JSON>` frame per LiveEvent (schemas/notifications.ts), a `ready`
 * frame first and `: ping` comments in between. Browsers read it with EventSource.
 */
const EventStream = z
  .string()
  .describe(
    'text/event-stream: "retry: 3000", then an "event: ready" frame (data: userId, and resumed: true when the events missed since Last-Event-ID follow), then one "id: <id>\\nevent: <type>\\ndata: <JSON>" frame per live event (sos.updated, sos.location, sos.accepted, sos.declined, notification.created) and ": ping" heartbeats',
  );

/** The caller's live events (server-sent events) and the tickets that open the stream. */
export const eventsEndpoints = defineEndpoints('events', {
  'POST /events/ticket': ok(EventStreamTicketResponse).summary(
    'A single-use ticket (60 s) for GET /api/events?ticket=, since EventSource cannot send a bearer header',
  ),
  'GET /events': {
    summary:
      "The caller's live events as server-sent events (text/event-stream): sos.updated, sos.location, sos.accepted, sos.declined, notification.created. Authenticate with the session cookie, the bearer header or ?ticket=",
    // EventSource cannot send headers: the stream checks the ticket, the cookie or the bearer itself.
    access: 'public',
    query: EventStreamQuery,
    responses: { 200: EventStream },
    errors: ['unauthorized'],
    hidden: false,
  },
});
