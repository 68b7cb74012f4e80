import {
  articleIdParamSchema,
  articlePublishHeadersSchema,
  articlePublishRequestSchema,
  articlePublishResultSchema,
  errorBodySchema,
  liveCheckSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseArticleId } from '../../lib/article-id.js';
import type { LiveVerification } from './live-verification.js';
import { readPublishRequest } from './publish-request.js';
import type { PublishingService } from './publishing.service.js';

const errors = { 400: errorBodySchema, 404: errorBodySchema } as const;

/** Registered under /api: an article's publish and its live check (the publishing module's routes). */
export const publishingRoutes = (publishing: PublishingService, live: LiveVerification): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.post(
      '/articles/:id/publish',
      {
        schema: {
          tags: ['articles'],
          description:
            "Creates or updates the WordPress post: live (or scheduled, for a scheduled article) unless send_as is 'draft'. The article is marked published only once WordPress has made the post live. 409 when the quality gate blocks (force with force_publish or X-Force-Publish: true). The request's one shape: { site_id?, send_as?, force_publish? }. Also read, as the spec's screens send them: articleId (must equal the path's id) with siteId for site_id, and the X-Force-Publish header.",
          params: articleIdParamSchema,
          headers: articlePublishHeadersSchema,
          body: articlePublishRequestSchema,
          response: { 200: articlePublishResultSchema, ...errors, 409: errorBodySchema, 424: errorBodySchema },
        },
      },
      async (request) => {
        const { articleId, siteId, force, sendAs } = readPublishRequest(
          request.params.id,
          request.body,
          request.headers,
        );
        return publishing.publishArticle(articleId, { force, siteId, byHand: true, sendAs });
      },
    );
    app.post(
      '/articles/:id/live-check',
      {
        schema: {
          tags: ['articles'],
          description:
            "Checks now that the article's WordPress post is live (read back; its public page shows it) and stores the verdict. 409 when it has no post.",
          params: articleIdParamSchema,
          response: { 200: liveCheckSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request) => live.check(parseArticleId(request.params.id)),
    );
  };
