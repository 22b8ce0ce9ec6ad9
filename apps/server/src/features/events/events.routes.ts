import { ErrorResponse, EventStreamTicketResponse, type LiveEvent } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock';
import { newToken, sha256Hex } from '../../core/crypto';
import { UnauthorizedError } from '../../core/errors';
import type { EventBus } from '../../core/realtime';
import type { SessionsRepository } from '../../core/sessions/sessions.repository';
import { requireUser, sessionToken } from '../../plugins/app/auth';
import type { SessionCookie } from '../../plugins/app/session-cookie';
import type { EventTicketsRepository } from './events.repository';

export interface EventsRoutesOptions {
  bus: EventBus;
  tickets: EventTicketsRepository;
  sessions: SessionsRepository;
  clock: Clock;
  cookie: SessionCookie;
  /** Comment lines keep proxies from closing a quiet stream. */
  heartbeatMs?: number;
}

const TICKET_TTL_MS = 60_000;

/** One SSE frame. `data` is a single JSON line, so it never needs splitting. */
export function sseFrame(event: LiveEvent | { type: 'ready'; data: { userId: number } }): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, options) => {
  const { bus, tickets, sessions, clock, cookie } = options;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const open = new Set<() => void>();
  // Streams never end on their own; close them so the server can stop.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.post(
    '/events/ticket',
    {
      schema: {
        tags: ['events'],
        summary: 'A single-use ticket (60 s) for GET /api/events?ticket=, since EventSource cannot send a bearer header',
        response: { 200: EventStreamTicketResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const ticket = newToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
      await tickets.create(requireUser(request).id, sha256Hex(ticket), now, expiresAt);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary:
          "The caller's live events as server-sent events (text/event-stream): sos.updated, sos.location, sos.accepted, sos.declined, notification.created. Authenticate with the session cookie, the bearer header or ?ticket=",
        querystring: z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/).optional() }),
        response: { 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const now = clock();
      let userId: number | undefined;
      if (request.query.ticket) {
        userId = await tickets.redeem(sha256Hex(request.query.ticket), now);
        if (userId === undefined) throw new UnauthorizedError('This stream ticket is unknown, used or expired. Ask for a new one.');
      } else {
        // The web app's EventSource sends the session cookie; API clients the bearer header.
        const credential = sessionToken(request, cookie);
        const session = credential ? await sessions.findActive(sha256Hex(credential.token), now) : undefined;
        if (!session) throw new UnauthorizedError();
        userId = session.userId;
      }
      const streamUserId = userId;

      // Subscribe before the stream starts: a bus failure is still a proper error answer,
      // and events that arrive meanwhile wait in `early`.
      let closed = false;
      let started = false;
      const early: string[] = [];
      const raw = reply.raw;
      const unsubscribe = await bus.subscribe(streamUserId, (event) => {
        if (closed) return;
        if (started) raw.write(sseFrame(event));
        else early.push(sseFrame(event));
      });

      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Tells nginx-style proxies not to buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 3000\n\n');
      // "ready" comes first: a reader that sees it misses nothing published after it.
      raw.write(sseFrame({ type: 'ready', data: { userId: streamUserId } }));
      for (const frame of early.splice(0)) raw.write(frame);
      started = true;
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      heartbeat.unref();
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        open.delete(close);
        void unsubscribe();
        raw.end();
      };
      open.add(close);
      request.raw.on('close', close);
      raw.on('close', close);
      // The reader may have gone while the subscription was being set up.
      if (request.raw.destroyed || raw.destroyed) close();
      request.log.info({ userId: streamUserId, bus: bus.kind }, 'event stream opened');
    },
  );
};
