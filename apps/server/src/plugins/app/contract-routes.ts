import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The `/api` routes that are not calls of the API contract: the OpenAPI document and its UI,
 * and the presigned upload links of the local media store (core/storage), which stand in for
 * S3's and carry their credential in the signed URL. Both are public.
 */
export const NON_CONTRACT_PREFIXES = ['/api/docs', '/api/media-uploads/'] as const;

export function isNonContractRoute(url: string): boolean {
  return NON_CONTRACT_PREFIXES.some((prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

/**
 * Every `/api` route comes from the contract in packages/shared/src/api (registered by
 * core/http/endpoints.ts, which marks it with its `access`): a route added by hand, whose
 * path and schemas the web client and the OpenAPI document would not know, stops the app at
 * start-up, as a lenient body schema does (strict-bodies.ts).
 */
async function contractRoutesPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isNonContractRoute(route.url)) return;
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (access === undefined) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`${methods} ${route.url} is not in the API contract (packages/shared/src/api): register it with registerEndpoints`);
    }
  });
}

export const contractRoutes = fp(contractRoutesPlugin, { name: 'contract-routes' });
