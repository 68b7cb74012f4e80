import {
  SEO_LIMITS,
  seoProjectCreateSchema,
  seoProjectIdParamSchema,
  seoProjectListSchema,
  seoProjectLogListSchema,
  seoProjectSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { ProjectsService } from './projects.service.js';

const logsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1–500').max(500, 'limit must be 1–500').default(100),
});

export const projectsRoutes = (projects: ProjectsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/seo-suite/projects', { schema: { tags, response: { 200: seoProjectListSchema } } }, async () =>
      projects.list(),
    );

    app.post(
      '/seo-suite/projects',
      { schema: { tags, body: seoProjectCreateSchema, response: { 201: seoProjectSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await projects.create(request.body)),
    );

    app.get(
      '/seo-suite/projects/:id',
      { schema: { tags, params: seoProjectIdParamSchema, response: { 200: seoProjectSchema, ...errors } } },
      async (request) => projects.get(request.params.id),
    );

    app.get(
      '/seo-suite/logs/:id',
      {
        schema: {
          tags,
          params: seoProjectIdParamSchema,
          querystring: logsQuerySchema,
          response: { 200: seoProjectLogListSchema, ...errors },
        },
      },
      async (request) => projects.logs(request.params.id, request.query.limit ?? SEO_LIMITS.recentActivityList),
    );
  };
