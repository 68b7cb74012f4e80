import {
  BODY_LIMITS,
  errorBodySchema,
  manualGenerateRequestSchema,
  manualGenerateResponseSchema,
  secureGenerateResponseSchema,
  taskTypeListSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ManualGenerationService } from './manual-generation.service.js';

const tags = ['manual generation'];

/** Manual generation under /api/manual (spec part 2 §7). */
export const manualGenerationRoutes = (service: ManualGenerationService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/task-types', { schema: { tags, response: { 200: taskTypeListSchema } } }, async () =>
      service.taskTypes(),
    );

    app.post(
      '/generate',
      {
        bodyLimit: BODY_LIMITS.manualGeneration,
        schema: {
          tags,
          body: manualGenerateRequestSchema,
          // The Manual screen's `{ data }`, or the secure variant's `{ success, message }`.
          response: {
            200: z.union([manualGenerateResponseSchema, secureGenerateResponseSchema]),
            400: errorBodySchema,
            409: errorBodySchema,
            422: errorBodySchema,
          },
        },
      },
      async (request) => service.generate(request.body),
    );
  };
