import {
  errorBodySchema,
  refreshListQuerySchema,
  refreshListSchema,
  refreshRecomputeBodySchema,
  refreshRecomputeResultSchema,
  refreshSummarySchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RefreshService } from './refresh.service.js';

const tags = ['refresh'];
const errors = { 400: errorBodySchema, 404: errorBodySchema };

/** Mounted under /api/refresh: what has gone stale on the operator's sites, and why (issue #36 §1). */
export const refreshRoutes = (refresh: RefreshService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/',
      { schema: { tags, querystring: refreshListQuerySchema, response: { 200: refreshListSchema, ...errors } } },
      async (request) => refresh.list(request.query),
    );

    app.post(
      '/recompute',
      {
        schema: { tags, body: refreshRecomputeBodySchema, response: { 200: refreshRecomputeResultSchema, ...errors } },
      },
      async (request) => refresh.recompute(request.body.site_id),
    );

    app.get('/summary', { schema: { tags, response: { 200: refreshSummarySchema } } }, async () => refresh.summary());
  };
