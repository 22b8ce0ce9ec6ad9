import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { MULTIPART_FORM_SCHEMA } from '../../core/http/endpoints';

/** OpenAPI generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
async function swaggerPlugin(app: FastifyInstance, { publicUrl }: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Saathi API', description: 'Personal safety and community: SOS, volunteers, feed, news.', version: '1.0.0' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token from POST /api/auth/otp/verify' } },
      },
      // Every route needs the token unless it says `security: []`.
      security: [{ bearerAuth: [] }],
    },
    // A multipart form has no body for fastify to validate (its reader checks it): its schema
    // travels under its own key and becomes the documented multipart/form-data body here.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const { [MULTIPART_FORM_SCHEMA]: form, ...schema } = transformed.schema as Record<string, unknown>;
      return form ? { ...transformed, schema: { ...schema, body: form } } : transformed;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export const swaggerDocs = fp(swaggerPlugin, { name: 'swagger' });
