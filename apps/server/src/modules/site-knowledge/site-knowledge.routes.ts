import { errorBodySchema, knowledgeSearchQuerySchema, knowledgeSearchSchema, siteIdParamSchema } from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteKnowledgeService } from './site-knowledge.service.js';

const tags = ['site knowledge'];

/** Mounted under /api/sites: what a site's knowledge index holds about a subject. */
export const siteKnowledgeRoutes = (knowledge: SiteKnowledgeService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/:id/knowledge/search',
      {
        schema: {
          tags,
          params: siteIdParamSchema,
          querystring: knowledgeSearchQuerySchema,
          response: { 200: knowledgeSearchSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => knowledge.search(request.params.id, request.query),
    );
  };
