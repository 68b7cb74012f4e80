import {
  generateOutlineRequestSchema,
  generateOutlineResponseSchema,
  seoOutlineListSchema,
  seoProjectIdParamSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { OutlineService } from './outline.service.js';

export const outlineRoutes = (outlines: OutlineService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/seo-suite/outlines/:id',
      { schema: { tags, params: seoProjectIdParamSchema, response: { 200: seoOutlineListSchema, ...errors } } },
      async (request) => outlines.list(request.params.id),
    );

    app.post(
      '/seo-suite/generate-outline',
      {
        schema: {
          tags,
          body: generateOutlineRequestSchema,
          response: { 200: generateOutlineResponseSchema, ...errors },
        },
      },
      async (request) => outlines.generate(request.body),
    );
  };
