import { errorBodySchema, trendSettingsSchema, trendSettingsUpdateSchema } from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TrendSettingsService } from './trend-settings.service.js';

const tags = ['settings'];

/** The Settings screen's Trends section, under /api/settings/trends. */
export const trendSettingsRoutes = (service: TrendSettingsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/', { schema: { tags, response: { 200: trendSettingsSchema } } }, async () => service.get());
    app.put(
      '/',
      {
        schema: { tags, body: trendSettingsUpdateSchema, response: { 200: trendSettingsSchema, 400: errorBodySchema } },
      },
      async (request) => service.update(request.body),
    );
    app.delete('/', { schema: { tags, response: { 200: trendSettingsSchema } } }, async () => service.reset());
  };
