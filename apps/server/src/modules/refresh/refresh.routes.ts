import {
  errorBodySchema,
  idTextSchema,
  refreshApplyBodySchema,
  refreshListQuerySchema,
  refreshListSchema,
  refreshProposalListQuerySchema,
  refreshProposalListSchema,
  refreshProposalSchema,
  refreshProposeBodySchema,
  refreshRecomputeBodySchema,
  refreshRecomputeResultSchema,
  refreshSiteSettingsBodySchema,
  refreshSiteSettingsSchema,
  refreshSummarySchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RefreshService } from './refresh.service.js';
import type { RefreshProposalService } from './refresh-proposals.service.js';

const tags = ['refresh'];
const errors = { 400: errorBodySchema, 404: errorBodySchema };
const decisionErrors = { ...errors, 409: errorBodySchema, 424: errorBodySchema };
const idParams = z.object({ id: idTextSchema('id') });
const siteParams = z.object({ site_id: idTextSchema('site_id') });

/** Mounted under /api/refresh: what has gone stale on the operator's sites, and why (issue #36 §1). */
export const refreshRoutes = (refresh: RefreshService, proposals?: RefreshProposalService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/',
      { schema: { tags, querystring: refreshListQuerySchema, response: { 200: refreshListSchema, ...errors } } },
      async (request) => refresh.list(request.query),
    );

    app.post(
      '/recompute',
      {
        schema: { tags, body: refreshRecomputeBodySchema, response: { 200: refreshRecomputeResultSchema, ...errors } },
      },
      async (request) => refresh.recompute(request.body.site_id),
    );

    app.get('/summary', { schema: { tags, response: { 200: refreshSummarySchema } } }, async () => refresh.summary());

    if (!proposals) return;
    // Proposals (issue #36 §2–§3): propose, list (a post's refresh history), apply, dismiss, undo.
    app.post(
      '/proposals',
      { schema: { tags, body: refreshProposeBodySchema, response: { 201: refreshProposalSchema, ...decisionErrors } } },
      async (request, reply) => {
        const proposal = await proposals.propose(request.body.site_id, request.body.wp_id);
        return reply.code(201).send(proposal);
      },
    );
    app.get(
      '/proposals',
      {
        schema: {
          tags,
          querystring: refreshProposalListQuerySchema,
          response: { 200: refreshProposalListSchema, ...errors },
        },
      },
      async (request) => proposals.list(request.query),
    );
    app.get(
      '/proposals/:id',
      { schema: { tags, params: idParams, response: { 200: refreshProposalSchema, ...errors } } },
      async (request) => proposals.get(request.params.id),
    );
    app.post(
      '/proposals/:id/apply',
      {
        schema: {
          tags,
          params: idParams,
          body: refreshApplyBodySchema.optional(),
          response: { 200: refreshProposalSchema, ...decisionErrors },
        },
      },
      async (request) => proposals.apply(request.params.id, request.body?.change_ids),
    );
    app.post(
      '/proposals/:id/dismiss',
      { schema: { tags, params: idParams, response: { 200: refreshProposalSchema, ...decisionErrors } } },
      async (request) => proposals.dismiss(request.params.id),
    );
    app.post(
      '/proposals/:id/undo',
      { schema: { tags, params: idParams, response: { 200: refreshProposalSchema, ...decisionErrors } } },
      async (request) => proposals.undo(request.params.id),
    );
    app.get(
      '/settings/:site_id',
      { schema: { tags, params: siteParams, response: { 200: refreshSiteSettingsSchema, ...errors } } },
      async (request) => proposals.settings(request.params.site_id),
    );
    app.put(
      '/settings/:site_id',
      {
        schema: {
          tags,
          params: siteParams,
          body: refreshSiteSettingsBodySchema,
          response: { 200: refreshSiteSettingsSchema, ...errors },
        },
      },
      async (request) => proposals.saveSettings(request.params.site_id, request.body),
    );
  };
