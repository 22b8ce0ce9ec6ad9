import { safetyTimerEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { SafetyTimerService } from './safety-timer.service';

export function safetyTimerRoutes(app: FastifyInstance, { timers, kick }: { timers: SafetyTimerService; kick: () => void }): void {
  // A check-in's outbox job (a duress alert, an all-clear) starts after the answer has gone,
  // so the work behind a duress PIN cannot slow its answer down: on the next turn of the event
  // loop, once what the answer's end set off (the socket's flush, the caller's own callbacks)
  // has run, since an in-process database (PGlite) would otherwise do the job's first queries
  // before them.
  app.addHook('onResponse', async (request) => {
    if (request.method === 'POST' && request.url.endsWith('/check-in')) setImmediate(kick);
  });

  registerEndpoints(app, safetyTimerEndpoints, {
    'GET /users/me/safety-pins': async (request) => timers.pinsStatus(requireUser(request).id),
    'PUT /users/me/safety-pins': async (request, reply) => {
      await timers.setPins(requireUser(request).id, request.body.safetyPin, request.body.duressPin);
      return reply.send();
    },
    'POST /safety-timers': async (request) => timers.start(requireUser(request).id, request.body),
    'GET /safety-timers/contacts': async (request) => timers.contacts(requireUser(request).id),
    'GET /safety-timers/current': async (request) => timers.current(requireUser(request).id),
    'POST /safety-timers/:id/check-in': async (request) => timers.checkIn(requireUser(request).id, request.params.id, request.body.pin),
    'POST /safety-timers/:id/extend': async (request) => timers.extend(requireUser(request).id, request.params.id, request.body.minutes),
    'POST /safety-timers/:id/location': async (request, reply) => {
      await timers.recordLocation(requireUser(request).id, request.params.id, request.body);
      return reply.send();
    },
  });
}
