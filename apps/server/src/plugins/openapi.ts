import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_TITLE, APP_VERSION } from '@abp/contracts';

/** The OpenAPI description is generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${APP_TITLE} API`, version: APP_VERSION, description: 'Every call needs a session cookie except health, auth status, login and logout. State-changing calls need the X-Requested-With header.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'abp_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
