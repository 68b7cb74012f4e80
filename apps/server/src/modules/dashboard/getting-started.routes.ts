import { gettingStartedSchema } from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GettingStartedService } from './getting-started.js';

export const gettingStartedRoutes = (service: GettingStartedService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/', { schema: { tags: ['dashboard'], response: { 200: gettingStartedSchema } } }, async () =>
      service.get(),
    );
  };
