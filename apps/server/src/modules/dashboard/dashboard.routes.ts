import { dashboardQuerySchema, dashboardSchema, errorBodySchema } from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardService } from './dashboard.service.js';

export const dashboardRoutes = (service: DashboardService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/',
      {
        schema: {
          tags: ['dashboard'],
          querystring: dashboardQuerySchema,
          response: { 200: dashboardSchema, 400: errorBodySchema },
        },
      },
      async (request) => service.get(request.query.tz),
    );
  };
