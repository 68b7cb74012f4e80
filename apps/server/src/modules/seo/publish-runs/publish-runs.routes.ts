import {
  publishArticlesRequestSchema,
  publishPagesRequestSchema,
  seoProjectIdParamSchema,
  seoPublishRunIdParamSchema,
  seoPublishRunListSchema,
  seoPublishRunSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { PublishRunsService } from './publish-runs.service.js';

/** "Publish Pages" and "Publish Articles" start a durable run (202); the wizard follows it. */
export const publishRunsRoutes = (runs: PublishRunsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    const params = seoProjectIdParamSchema;
    app.post(
      '/seo/projects/:id/publish-pages',
      { schema: { tags, params, body: publishPagesRequestSchema, response: { 202: seoPublishRunSchema, ...errors } } },
      async (request, reply) =>
        reply.status(202).send(
          await runs.start(request.params.id, 'pages', {
            status: request.body.status,
            ids: request.body.pageIds,
            updateExisting: request.body.updateExisting,
          }),
        ),
    );

    app.post(
      '/seo/projects/:id/publish-articles',
      {
        schema: { tags, params, body: publishArticlesRequestSchema, response: { 202: seoPublishRunSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(202).send(
          await runs.start(request.params.id, 'articles', {
            status: request.body.status,
            ids: request.body.articleIds,
          }),
        ),
    );

    app.get(
      '/seo/projects/:id/publish-runs',
      { schema: { tags, params, response: { 200: seoPublishRunListSchema, ...errors } } },
      async (request) => runs.latest(request.params.id),
    );

    app.get(
      '/seo/publish-runs/:runId',
      { schema: { tags, params: seoPublishRunIdParamSchema, response: { 200: seoPublishRunSchema, ...errors } } },
      async (request) => runs.get(request.params.runId),
    );

    // The run's page (issue #37 point 2): its failed items again in a new run, or stop it.
    app.post(
      '/seo/publish-runs/:runId/retry',
      { schema: { tags, params: seoPublishRunIdParamSchema, response: { 202: seoPublishRunSchema, ...errors } } },
      async (request, reply) => reply.status(202).send(await runs.retryFailed(request.params.runId)),
    );

    app.post(
      '/seo/publish-runs/:runId/cancel',
      { schema: { tags, params: seoPublishRunIdParamSchema, response: { 200: seoPublishRunSchema, ...errors } } },
      async (request) => runs.cancel(request.params.runId),
    );
  };
