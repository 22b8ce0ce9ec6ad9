import type { FastifyRequest } from 'fastify';
import type { EndpointPriority } from '@saathi/shared';

/** What core/http/endpoints.ts puts in a route's config from the contract's `priority`. */
interface PriorityConfig {
  priority?: EndpointPriority;
}

/**
 * The route's `priority` in the API contract (docs/adr/0022): `sos` for the SOS path, whose
 * every step uses the SOS database pool; `deferrable` for a read shed when the process is
 * overloaded (load-shedding.ts); undefined for everything else.
 */
export function priorityOf(request: FastifyRequest): EndpointPriority | undefined {
  return (request.routeOptions.config as PriorityConfig | undefined)?.priority;
}
