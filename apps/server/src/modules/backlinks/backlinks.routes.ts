import {
  articleIdParamSchema,
  backlinkIdParamSchema,
  backlinkProposalListSchema,
  backlinkProposalSchema,
  errorBodySchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseArticleId } from '../../lib/article-id.js';
import type { BacklinksService } from './backlinks.service.js';

const tags = ['backlinks'];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Mounted under /api: links from a site's older posts to a published article. */
export const backlinksRoutes = (backlinks: BacklinksService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/articles/:id/backlinks',
      { schema: { tags, params: articleIdParamSchema, response: { 200: backlinkProposalListSchema, ...errors } } },
      async (request) => backlinks.list(parseArticleId(request.params.id)),
    );
    app.post(
      '/articles/:id/backlinks',
      { schema: { tags, params: articleIdParamSchema, response: { 200: backlinkProposalListSchema, ...errors } } },
      async (request) => backlinks.propose(parseArticleId(request.params.id)),
    );
    for (const action of ['apply', 'undo', 'dismiss'] as const) {
      app.post(
        `/backlinks/:id/${action}`,
        { schema: { tags, params: backlinkIdParamSchema, response: { 200: backlinkProposalSchema, ...errors } } },
        async (request) => backlinks[action](request.params.id),
      );
    }
  };
