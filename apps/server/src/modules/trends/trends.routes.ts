import {
  errorBodySchema,
  processedTrendPageSchema,
  trendCheckStartedSchema,
  trendExecutionLogPageSchema,
  trendMonitorStatusSchema,
  trendPageQuerySchema,
  trendRunDetailSchema,
  trendRunIdParamSchema,
  trendStatsSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TrendMonitorService } from './trend-monitor.service.js';

const tags = ['trends'];

/** The Trend Monitor screen's calls, under /api/trends. */
export const trendsRoutes = (service: TrendMonitorService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/status', { schema: { tags, response: { 200: trendMonitorStatusSchema } } }, async () =>
      service.monitorStatus(),
    );
    app.get('/stats', { schema: { tags, response: { 200: trendStatsSchema } } }, async () => service.stats());
    app.get(
      '/logs',
      {
        schema: {
          tags,
          querystring: trendPageQuerySchema,
          response: { 200: trendExecutionLogPageSchema, 400: errorBodySchema },
        },
      },
      async (request) => service.logs(request.query),
    );
    app.get(
      '/processed',
      {
        schema: {
          tags,
          querystring: trendPageQuerySchema,
          response: { 200: processedTrendPageSchema, 400: errorBodySchema },
        },
      },
      async (request) => service.processed(request.query),
    );
    app.get(
      '/runs/:id',
      {
        schema: {
          tags,
          params: trendRunIdParamSchema,
          response: { 200: trendRunDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => service.run(request.params.id),
    );
    app.post(
      '/runs/:id/cancel',
      {
        schema: {
          tags,
          params: trendRunIdParamSchema,
          response: { 200: trendRunDetailSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => service.cancelRun(request.params.id),
    );
    app.post(
      '/check',
      { schema: { tags, response: { 202: trendCheckStartedSchema, 409: errorBodySchema } } },
      async (_request, reply) => reply.status(202).send(await service.startCheck('manual')),
    );
  };
