import {
  calendarArticleParamSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  errorBodySchema,
  rescheduleInputSchema,
  rescheduleResultSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CalendarService } from './calendar.service.js';

const tags = ['calendar'];

export const calendarRoutes = (service: CalendarService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'Published, scheduled, projected and waiting posts per day and site, with each day’s cap',
          querystring: calendarQuerySchema,
          response: { 200: calendarResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => service.range(request.query),
    );

    app.post(
      '/articles/:id/reschedule',
      {
        schema: {
          tags,
          summary: 'Move a scheduled article (and its WordPress post) or a delayed release to another day',
          params: calendarArticleParamSchema,
          body: rescheduleInputSchema,
          response: {
            200: rescheduleResultSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            424: errorBodySchema,
            502: errorBodySchema,
          },
        },
      },
      async (request) => service.reschedule(request.params.id, request.body.date),
    );
  };
