import {
  budgetOverrideSchema,
  budgetsSchema,
  budgetsUpdateSchema,
  costEstimateRequestSchema,
  costEstimateSchema,
  errorBodySchema,
  idTextSchema,
  jobUsageSchema,
  modelPricesSchema,
  modelPricesUpdateSchema,
  usageQuerySchema,
  usageSummarySchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BudgetsService } from './budgets.service.js';
import type { UsageService } from './usage.service.js';

/** Settings → Prices, under /api/settings/prices. */
export const modelPricesRoutes = (usage: UsageService): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['settings'];
    app.get('/', { schema: { tags, response: { 200: modelPricesSchema } } }, async () => usage.prices());
    app.put(
      '/',
      { schema: { tags, body: modelPricesUpdateSchema, response: { 200: modelPricesSchema, 400: errorBodySchema } } },
      async (request) => usage.updatePrices(request.body),
    );
  };

/** What the model calls cost, under /api/usage (the Dashboard's spend, an SEO project's per step). */
export const usageRoutes = (usage: UsageService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/seo-projects/:id',
      {
        schema: {
          tags: ['seo'],
          params: z.object({ id: idTextSchema('project id') }),
          response: { 200: jobUsageSchema, 400: errorBodySchema },
        },
      },
      async (request) => usage.seoProjectUsage(Number(request.params.id)),
    );
    app.get(
      '/',
      {
        schema: {
          tags: ['dashboard'],
          querystring: usageQuerySchema,
          response: { 200: usageSummarySchema, 400: errorBodySchema },
        },
      },
      async (request) => usage.summary(request.query.tz),
    );
  };

/** Settings → Budgets, under /api/settings/budgets. */
export const budgetsRoutes = (budgets: BudgetsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['settings'];
    app.get('/', { schema: { tags, response: { 200: budgetsSchema } } }, async () => budgets.get());
    app.put(
      '/',
      { schema: { tags, body: budgetsUpdateSchema, response: { 200: budgetsSchema, 400: errorBodySchema } } },
      async (request) => budgets.update(request.body),
    );
    app.post(
      '/override',
      { schema: { tags, body: budgetOverrideSchema, response: { 200: budgetsSchema, 400: errorBodySchema } } },
      async (request) => budgets.override(request.body),
    );
  };

/** POST /api/usage/estimate: what a job would cost with the model in use. */
export const costEstimateRoutes = (usage: UsageService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.post(
      '/estimate',
      {
        schema: {
          tags: ['dashboard'],
          body: costEstimateRequestSchema,
          response: { 200: costEstimateSchema, 400: errorBodySchema },
        },
      },
      async (request) => usage.estimate(request.body),
    );
  };
