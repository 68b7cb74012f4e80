import {
  articleDeleteQuerySchema,
  articleDeleteResultSchema,
  articleIdParamSchema,
  articleListQuerySchema,
  articleListResponseSchema,
  articlePublishHeadersSchema,
  articlePublishRequestSchema,
  articlePublishResultSchema,
  articleSchema,
  articleTrendSourcesSchema,
  articleUpdateSchema,
  BODY_LIMITS,
  errorBodySchema,
  generationLogSchema,
  liveCheckSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LiveVerification } from '../publishing/live-verification.js';
import type { PublishingService } from '../publishing/publishing.service.js';
import { parseArticleId } from './article-id.js';
import type { ArticlesService } from './articles.service.js';
import { readPublishRequest } from './publish-request.js';

const errors = { 400: errorBodySchema, 404: errorBodySchema } as const;

/** Registered under /api: /articles… and /generation-logs/{id}. */
export const articlesRoutes = (
  articles: ArticlesService,
  publishing: PublishingService,
  live: LiveVerification,
): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/articles',
      {
        schema: {
          tags: ['articles'],
          querystring: articleListQuerySchema,
          response: { 200: articleListResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => articles.list(request.query),
    );
    app.get(
      '/articles/:id',
      { schema: { tags: ['articles'], params: articleIdParamSchema, response: { 200: articleSchema, ...errors } } },
      async (request) => articles.get(parseArticleId(request.params.id)),
    );
    app.put(
      '/articles/:id',
      {
        bodyLimit: BODY_LIMITS.articleEdit,
        schema: {
          tags: ['articles'],
          params: articleIdParamSchema,
          body: articleUpdateSchema,
          response: { 200: articleSchema, ...errors },
        },
      },
      async (request) => articles.update(parseArticleId(request.params.id), request.body),
    );
    app.delete(
      '/articles/:id',
      {
        schema: {
          tags: ['articles'],
          description:
            'Deletes the article; its WordPress post stays unless trash_post=true moves it to the WordPress trash (424 when WordPress refuses: the article is kept).',
          params: articleIdParamSchema,
          querystring: articleDeleteQuerySchema,
          response: { 200: articleDeleteResultSchema, ...errors, 424: errorBodySchema },
        },
      },
      async (request) =>
        articles.delete(
          parseArticleId(request.params.id),
          request.query.trash_post === 'true' ? { trashPost: (id) => publishing.trashPost(id) } : {},
        ),
    );
    app.post(
      '/articles/:id/publish',
      {
        schema: {
          tags: ['articles'],
          description:
            "Creates or updates the WordPress post: live (or scheduled, for a scheduled article) unless send_as is 'draft'. The article is marked published only once WordPress has made the post live. 409 when the quality gate blocks (force with force_publish or X-Force-Publish: true).",
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
    app.get(
      '/articles/:id/trends',
      {
        schema: {
          tags: ['articles'],
          params: articleIdParamSchema,
          response: { 200: articleTrendSourcesSchema, ...errors },
        },
      },
      async (request) => articles.trendSources(parseArticleId(request.params.id)),
    );
    app.get(
      '/generation-logs/:id',
      {
        schema: { tags: ['articles'], params: articleIdParamSchema, response: { 200: generationLogSchema, ...errors } },
      },
      async (request) => articles.generationLog(parseArticleId(request.params.id)),
    );
  };
