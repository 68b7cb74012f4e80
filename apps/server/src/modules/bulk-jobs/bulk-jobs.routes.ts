import {
  BODY_LIMITS,
  bulkJobCancelResponseSchema,
  bulkJobHistoryResponseSchema,
  bulkJobIdParamSchema,
  bulkJobItemParamSchema,
  bulkJobResultsResponseSchema,
  bulkJobRetryResponseSchema,
  bulkJobStartedSchema,
  bulkJobStartSchema,
  bulkJobStatusResponseSchema,
  bulkJobsClearStuckResponseSchema,
  errorBodySchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BulkJobsService } from './bulk-jobs.service.js';

const tags = ['bulk-jobs'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const bulkJobsRoutes = (service: BulkJobsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.post(
      '/start',
      {
        bodyLimit: BODY_LIMITS.bulkTopics,
        schema: { tags, body: bulkJobStartSchema, response: { 200: bulkJobStartedSchema, ...errors } },
      },
      async (request) => service.start(request.body),
    );
    app.get('/', { schema: { tags, response: { 200: bulkJobHistoryResponseSchema } } }, async () => service.history());
    // Registered before '/:id' routes so the literal path wins.
    app.post('/clear-stuck', { schema: { tags, response: { 200: bulkJobsClearStuckResponseSchema } } }, async () =>
      service.clearStuck(),
    );
    app.get(
      '/:id/status',
      { schema: { tags, params: bulkJobIdParamSchema, response: { 200: bulkJobStatusResponseSchema, ...errors } } },
      async (request) => service.status(request.params.id),
    );
    app.get(
      '/:id/results',
      { schema: { tags, params: bulkJobIdParamSchema, response: { 200: bulkJobResultsResponseSchema, ...errors } } },
      async (request) => service.results(request.params.id),
    );
    app.post(
      '/:id/retry',
      { schema: { tags, params: bulkJobIdParamSchema, response: { 200: bulkJobRetryResponseSchema, ...errors } } },
      async (request) => service.retry(request.params.id),
    );
    app.post(
      '/:id/items/:position/retry',
      {
        schema: {
          tags,
          summary: 'Retry one failed or unrun item of a finished job',
          params: bulkJobItemParamSchema,
          response: { 200: bulkJobRetryResponseSchema, ...errors },
        },
      },
      async (request) => service.retry(request.params.id, request.params.position),
    );
    app.delete(
      '/:id',
      { schema: { tags, params: bulkJobIdParamSchema, response: { 200: bulkJobCancelResponseSchema, ...errors } } },
      async (request) => service.cancel(request.params.id),
    );
  };
