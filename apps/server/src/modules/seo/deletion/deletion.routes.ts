import {
  deletePreviewSchema,
  deleteProjectRequestSchema,
  deleteProjectResponseSchema,
  deleteProjectsRequestSchema,
  deleteProjectsResponseSchema,
  seoProjectIdParamSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { DeletionService } from './deletion.service.js';

export const deletionRoutes = (deletion: DeletionService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/seo-suite/delete-preview/:id',
      { schema: { tags, params: seoProjectIdParamSchema, response: { 200: deletePreviewSchema, ...errors } } },
      async (request) => deletion.preview(request.params.id),
    );

    // Options come in the JSON body; a body-less first call asks for the confirmation token.
    app.delete(
      '/seo-suite/projects/:id',
      {
        schema: {
          tags,
          params: seoProjectIdParamSchema,
          body: deleteProjectRequestSchema,
          response: { 200: deleteProjectResponseSchema, ...errors },
        },
      },
      async (request) => deletion.deleteProject(request.params.id, request.body),
    );

    app.post(
      '/seo-suite/delete-projects',
      {
        schema: { tags, body: deleteProjectsRequestSchema, response: { 200: deleteProjectsResponseSchema, ...errors } },
      },
      async (request) => deletion.deleteMany(request.body),
    );
  };
