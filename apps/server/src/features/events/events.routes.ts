import type { LiveEvent } from '@saathi/shared';
import { eventsEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../core/clock';
import { newToken, sha256Hex } from '../../core/crypto';
import { UnauthorizedError } from '../../core/errors';
import { registerEndpoints } from '../../core/http/endpoints';
import type { EventBus } from '../../core/realtime';
import type { SessionsRepository } from '../../core/sessions/sessions.repository';
import { requireUser, sessionToken } from '../../plugins/app/auth';
import type { SessionCookie } from '../../plugins/app/session-cookie';
import type { EventTicketsRepository } from './events.repository';
import type { Metrics } from '../../core/metrics';

export interface EventsRoutesOptions {
  bus: EventBus;
  tickets: EventTicketsRepository;
  sessions: SessionsRepository;
  clock: Clock;
  cookie: SessionCookie;
  /** Comment lines keep proxies from closing a quiet stream. */
  heartbeatMs?: number;
  /** Counts the open streams (saathi_live_streams). */
  metrics?: Pick<Metrics, 'liveStreamOpened'>;
}

const TICKET_TTL_MS = 60_000;

/**
 * One SSE frame. `data` is a single JSON line, so it never needs splitting. A live event carries
 * its `id`, which the browser sends back as Last-Event-ID when it reconnects; `ready` has none, so
 * it leaves the last id seen as it was.
 */
export function sseFrame(event: LiveEvent | { type: 'ready'; data: { userId: number; resumed: boolean } }, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Event ids are short and plain (`<ms>-<seq>`): anything else in the header is ignored. */
const EVENT_ID = /^\d{1,15}-\d{1,15}$/;

export function eventsRoutes(app: FastifyInstance, options: EventsRoutesOptions): void {
  const { bus, tickets, sessions, clock, cookie } = options;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const open = new Set<() => void>();
  // Streams never end on their own; close them so the server can stop.
  app.addHook('preClose', (done) => {
    for (const close of [...open]) close();
    done();
  });

  registerEndpoints(app, eventsEndpoints, {
    'POST /events/ticket': async (request) => {
      const ticket = newToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
      await tickets.create(requireUser(request).id, sha256Hex(ticket), now, expiresAt);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },

    'GET /events': async (request, reply) => {
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
      const early: { id: string; frame: string }[] = [];
      const raw = reply.raw;
      const unsubscribe = await bus.subscribe(streamUserId, (event, id) => {
        if (closed) return;
        if (started) raw.write(sseFrame(event, id));
        else early.push({ id, frame: sseFrame(event, id) });
      });
      // A reconnect (the browser's Last-Event-ID, or ?lastEventId= for a client that cannot set
      // it) is first sent what it missed, after subscribing so that nothing falls in between.
      const lastEventId = request.headers['last-event-id'] ?? request.query.lastEventId;
      const missed =
        typeof lastEventId === 'string' && EVENT_ID.test(lastEventId)
          ? await bus.replay(streamUserId, lastEventId).catch((error: unknown) => {
              request.log.warn({ reason: String(error) }, 'live events could not be replayed');
              return null;
            })
          : null;

      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Tells nginx-style proxies not to buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 3000\n\n');
      // "ready" comes first: a reader that sees it misses nothing published after it. `resumed`
      // tells it whether what it missed follows (else it refetches, as after a first connect).
      raw.write(sseFrame({ type: 'ready', data: { userId: streamUserId, resumed: missed !== null } }));
      const replayed = new Set<string>();
      for (const { id, event } of missed ?? []) {
        replayed.add(id);
        raw.write(sseFrame(event, id));
      }
      for (const { id, frame } of early.splice(0)) if (!replayed.has(id)) raw.write(frame);
      started = true;
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      heartbeat.unref();
      const counted = options.metrics?.liveStreamOpened();
      const close = () => {
        if (closed) return;
        closed = true;
        counted?.();
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
      return reply;
    },
  });
}
