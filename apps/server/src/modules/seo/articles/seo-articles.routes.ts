import {
  BODY_LIMITS,
  generateArticlesBulkRequestSchema,
  generateArticlesBulkResponseSchema,
  seoArticleListSchema,
  seoProjectIdParamSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { SeoArticlesService } from './seo-articles.service.js';

export const seoArticlesRoutes = (articles: SeoArticlesService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/seo-suite/articles/:id',
      { schema: { tags, params: seoProjectIdParamSchema, response: { 200: seoArticleListSchema, ...errors } } },
      async (request) => articles.list(request.params.id),
    );

    app.post(
      '/seo-suite/generate-articles-bulk',
      {
        bodyLimit: BODY_LIMITS.seoBulkArticles,
        schema: {
          tags,
          body: generateArticlesBulkRequestSchema,
          response: { 202: generateArticlesBulkResponseSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(202).send(await articles.startBulk(request.body)),
    );
  };
