import {
  errorBodySchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  inventorySummaryListSchema,
  inventorySummarySchema,
  inventoryTaxonomySchema,
  linkReportSchema,
  siteIdParamSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteInventoryService } from './site-inventory.service.js';

const tags = ['site inventory'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Mounted under /api/sites: the inventory of each site (what it already has on WordPress). */
export const siteInventoryRoutes = (inventory: SiteInventoryService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/inventory', { schema: { tags, response: { 200: inventorySummaryListSchema } } }, async () =>
      inventory.summaries(),
    );

    app.get(
      '/:id/inventory',
      { schema: { tags, params: siteIdParamSchema, response: { 200: inventorySummarySchema, ...errors } } },
      async (request) => inventory.summary(request.params.id),
    );

    app.post(
      '/:id/inventory/sync',
      { schema: { tags, params: siteIdParamSchema, response: { 202: inventorySummarySchema, ...errors } } },
      async (request, reply) => reply.status(202).send(await inventory.requestSync(request.params.id)),
    );

    app.get(
      '/:id/inventory/items',
      {
        schema: {
          tags,
          params: siteIdParamSchema,
          querystring: inventoryListQuerySchema,
          response: { 200: inventoryListSchema, ...errors },
        },
      },
      async (request) => inventory.list(request.params.id, request.query),
    );

    app.get(
      '/:id/inventory/links',
      { schema: { tags, params: siteIdParamSchema, response: { 200: linkReportSchema, ...errors } } },
      async (request) => inventory.linkReport(request.params.id),
    );

    app.get(
      '/:id/inventory/taxonomy',
      { schema: { tags, params: siteIdParamSchema, response: { 200: inventoryTaxonomySchema, ...errors } } },
      async (request) => inventory.taxonomy(request.params.id),
    );
  };
