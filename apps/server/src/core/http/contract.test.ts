import { splitEndpointKey, type EndpointDefinition } from '@saathi/shared';
import { contract } from '@saathi/shared/contract';
import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { statusesOf } from './endpoints';

const t = build();

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

/** `/sos/:id/evidence` → `/api/sos/{id}/evidence`, as the OpenAPI document writes it. */
const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

async function openApiOperations(): Promise<Map<string, Operation>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  const operations = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === 'head') continue;
      operations.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return operations;
}

describe('the API contract and the OpenAPI document', () => {
  const entries = Object.entries(contract) as Array<[string, EndpointDefinition]>;

  it('documents every endpoint of the contract with its summary, tag, access, inputs and answers', async () => {
    const operations = await openApiOperations();
    for (const [key, endpoint] of entries) {
      if (endpoint.hidden) continue;
      const { method, path } = splitEndpointKey(key);
      const operation = operations.get(`${method} ${openApiPath(path)}`);
      expect(operation, `${key} is missing from the OpenAPI document`).toBeDefined();
      if (!operation) continue;
      expect(operation.summary, key).toBe(endpoint.summary);
      expect(operation.tags, key).toEqual([endpoint.tag]);
      expect(Object.keys(operation.responses).sort(), key).toEqual(statusesOf(key, endpoint).map(String));
      if (endpoint.description) expect(operation.description, key).toBe(endpoint.description);
      if (endpoint.access === 'public') expect(operation.security, key).toEqual([]);
      else if (endpoint.access === 'optional') expect(operation.security, key).toEqual([{}, { bearerAuth: [] }]);
      else expect(operation.security, key).toBeUndefined();
      const pathParams = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const documentedPathParams = (operation.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(documentedPathParams, key).toEqual(pathParams);
      const hasJsonBody = endpoint.body !== undefined && typeof endpoint.body !== 'string';
      expect(operation.requestBody?.content['application/json'] !== undefined, key).toBe(hasJsonBody);
    }
  });

  it('has nothing in the OpenAPI document that is not in the contract', async () => {
    const operations = await openApiOperations();
    const documented = new Set(
      entries
        .filter(([, endpoint]) => !endpoint.hidden)
        .map(([key]) => {
          const { method, path } = splitEndpointKey(key);
          return `${method} ${openApiPath(path)}`;
        }),
    );
    const extra = [...operations.keys()].filter((key) => !documented.has(key));
    expect(extra).toEqual([]);
  });

  it('answers every endpoint of the contract at its path (no 404 from a missing route)', async () => {
    for (const [key] of entries) {
      const { method, path } = splitEndpointKey(key);
      const url = `/api${path.replace(/:(\w+)/g, '1')}`;
      const res = await t.app.inject({ method: method as 'GET', url });
      const missingRoute = res.statusCode === 404 && String(res.json().error?.message ?? '').startsWith('No route for');
      expect(missingRoute, `${key} is not registered`).toBe(false);
    }
  });
});
