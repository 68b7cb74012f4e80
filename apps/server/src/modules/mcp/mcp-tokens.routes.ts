import {
  errorBodySchema,
  idTextSchema,
  mcpTokenCreatedSchema,
  mcpTokenCreateSchema,
  mcpTokenListSchema,
  mcpTokenRevokedSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { McpTokensService } from './mcp-tokens.service.js';

/** Settings → Assistants (MCP), under /api/settings/mcp-tokens: the operator's session, like every setting. */
export const mcpTokensRoutes = (tokens: McpTokensService): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['settings'];
    app.get('/', { schema: { tags, response: { 200: mcpTokenListSchema } } }, async () => tokens.list());
    app.post(
      '/',
      {
        schema: {
          tags,
          body: mcpTokenCreateSchema,
          response: { 201: mcpTokenCreatedSchema, 400: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await tokens.create(request.body.name)),
    );
    app.delete(
      '/:id',
      {
        schema: {
          tags,
          params: z.object({ id: idTextSchema('token id') }),
          response: { 200: mcpTokenRevokedSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => tokens.revoke(Number(request.params.id)),
    );
  };
