import { errorBodySchema, siteIdParamSchema, siteSamenessQuerySchema, siteSamenessSchema } from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SamenessService } from './sameness.service.js';

const tags = ['sites'];

/** Mounted under /api/sites: how uniform a site's last posts are (issue #33 §4). */
export const samenessRoutes = (sameness: SamenessService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/:id/sameness',
      {
        schema: {
          tags,
          params: siteIdParamSchema,
          querystring: siteSamenessQuerySchema,
          response: { 200: siteSamenessSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => sameness.siteSameness(request.params.id, request.query.limit),
    );
  };
