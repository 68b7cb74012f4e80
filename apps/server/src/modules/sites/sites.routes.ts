import {
  connectionTestResultSchema,
  deleteSiteQuerySchema,
  ERROR_CODES,
  errorBodySchema,
  SITE_HEALTH_LIMITS,
  siteCreateSchema,
  siteDeletedSchema,
  siteDeletePreviewSchema,
  siteDeletionIdParamSchema,
  siteDeletionQueuedSchema,
  siteDeletionStatusSchema,
  siteHealthSchema,
  siteIdParamSchema,
  siteListSchema,
  siteSaveResponseSchema,
  siteSchema,
  siteUpdateSchema,
  testConnectionQuerySchema,
} from '@abp/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { SiteHealthService } from './site-health.service.js';
import type { SitesService } from './sites.service.js';

const tags = ['sites'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const sitesRoutes = (sites: SitesService, health: SiteHealthService): FastifyPluginAsyncZod =>
  async function routes(app) {
    // In-memory counters, per process: enough for one operator; a restart only resets them.
    await app.register(rateLimit, { global: false });
    const siteKey = (request: FastifyRequest) => `site-health:${String((request.params as { id?: unknown }).id)}`;
    const perSite = app.createRateLimit({
      max: SITE_HEALTH_LIMITS.perSitePerMinute,
      timeWindow: 60_000,
      keyGenerator: siteKey,
    });
    const overall = app.createRateLimit({
      max: SITE_HEALTH_LIMITS.overallPerMinute,
      timeWindow: 60_000,
      keyGenerator: () => 'site-health',
    });

    app.get('/', { schema: { tags, response: { 200: siteListSchema } } }, async () => sites.list());

    app.get(
      '/:id',
      { schema: { tags, params: siteIdParamSchema, response: { 200: siteSchema, ...errors } } },
      async (request) => sites.get(request.params.id),
    );

    app.post(
      '/',
      { schema: { tags, body: siteCreateSchema, response: { 201: siteSaveResponseSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await sites.create(request.body)),
    );

    app.put(
      '/:id',
      {
        schema: {
          tags,
          params: siteIdParamSchema,
          body: siteUpdateSchema,
          response: { 200: siteSaveResponseSchema, ...errors },
        },
      },
      async (request) => sites.update(request.params.id, request.body),
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags,
          params: siteIdParamSchema,
          querystring: deleteSiteQuerySchema,
          response: { 200: siteDeletedSchema, 202: siteDeletionQueuedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await sites.delete(request.params.id, request.query.cascade, request.query.trash_posts);
        return 'status' in result ? reply.status(202).send(result) : result;
      },
    );

    app.get(
      '/:id/delete-preview',
      {
        schema: {
          tags,
          description:
            'What Delete All removes: the articles here and how many have a WordPress post this app created.',
          params: siteIdParamSchema,
          response: { 200: siteDeletePreviewSchema, ...errors },
        },
      },
      async (request) => sites.deletePreview(request.params.id),
    );

    app.get(
      '/deletions/:jobId',
      {
        schema: {
          tags,
          description: 'How a Delete All went, once its background job has run (posts trashed, failures).',
          params: siteDeletionIdParamSchema,
          response: { 200: siteDeletionStatusSchema, ...errors },
        },
      },
      async (request) => sites.deletionStatus(request.params.jobId),
    );

    app.post(
      '/:id/test-connection',
      {
        schema: {
          tags,
          params: siteIdParamSchema,
          querystring: testConnectionQuerySchema,
          response: { 200: connectionTestResultSchema, ...errors },
        },
      },
      async (request) => sites.testConnection(request.params.id, request.query.enhanced),
    );

    app.get(
      '/:id/health',
      {
        schema: {
          tags,
          params: siteIdParamSchema,
          response: { 200: siteHealthSchema, 429: errorBodySchema, ...errors },
        },
        preHandler: async (request) => {
          for (const [limit, scope] of [
            [perSite, 'this site'],
            [overall, 'all sites'],
          ] as const) {
            const state = await limit(request);
            if (!state.isAllowed && state.isExceeded) {
              throw new AppError(
                ERROR_CODES.rateLimited,
                `Too many health checks for ${scope}. Try again in ${state.ttlInSeconds} s.`,
                429,
                undefined,
                Math.max(1, state.ttlInSeconds),
              );
            }
          }
        },
      },
      async (request) => health.check(request.params.id),
    );
  };
