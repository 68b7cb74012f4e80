import {
  articleDeleteQuerySchema,
  articleDeleteResultSchema,
  articleIdParamSchema,
  articleListQuerySchema,
  articleListResponseSchema,
  articlePreviewRequestSchema,
  articlePreviewSchema,
  articleSchema,
  articleTrendSourcesSchema,
  articleUpdateResultSchema,
  articleUpdateSchema,
  BODY_LIMITS,
  errorBodySchema,
  generationLogSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseArticleId } from '../../lib/article-id.js';
import type { ArticlesService } from './articles.service.js';

const errors = { 400: errorBodySchema, 404: errorBodySchema } as const;

/** Registered under /api: /articles… and /generation-logs/{id}. */
export const articlesRoutes = (articles: ArticlesService): FastifyPluginAsyncZod =>
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
          description:
            'Saves an edit. An edit that changes what a live post shows needs update_live_post: true (409 live_post_confirmation_required otherwise); the post is then updated on WordPress and live_post_update says how that went.',
          body: articleUpdateSchema,
          response: { 200: articleUpdateResultSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request) => articles.update(parseArticleId(request.params.id), request.body),
    );
    app.post(
      '/articles/:id/preview',
      {
        bodyLimit: BODY_LIMITS.articleEdit,
        schema: {
          tags: ['articles'],
          description: 'The title and body as publishing would send them (the same sanitizer); nothing is stored.',
          params: articleIdParamSchema,
          body: articlePreviewRequestSchema,
          response: { 200: articlePreviewSchema, ...errors },
        },
      },
      async (request) => articles.preview(parseArticleId(request.params.id), request.body),
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
        articles.delete(parseArticleId(request.params.id), { trashPost: request.query.trash_post === 'true' }),
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
