import type { FeaturePlugin } from '../../feature-plugin';
import { createEventTicketsRepository } from './events.repository';
import { eventsRoutes } from './events.routes';

/** The live-event stream (SSE) and its tickets; registered under /api. */
export const eventsPlugin: FeaturePlugin = async (app, { ctx }) => {
  eventsRoutes(app, {
    bus: ctx.bus,
    tickets: createEventTicketsRepository(ctx.dbRef),
    sessions: ctx.sessions,
    clock: ctx.clock,
    cookie: ctx.cookie,
    metrics: ctx.metrics,
  });
};
