import {
  generateKeywordsRequestSchema,
  generateKeywordsResponseSchema,
  seoKeywordCreateSchema,
  seoKeywordDeletedSchema,
  seoKeywordIdParamSchema,
  seoKeywordListSchema,
  seoKeywordSchema,
  seoKeywordUpdateSchema,
  seoProjectIdParamSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { KeywordsService } from './keywords.service.js';

export const keywordsRoutes = (keywords: KeywordsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/seo-suite/keywords/:id',
      { schema: { tags, params: seoProjectIdParamSchema, response: { 200: seoKeywordListSchema, ...errors } } },
      async (request) => keywords.list(request.params.id),
    );

    app.post(
      '/seo-suite/generate-keywords',
      {
        schema: {
          tags,
          body: generateKeywordsRequestSchema,
          response: { 200: generateKeywordsResponseSchema, ...errors },
        },
      },
      async (request) => keywords.generate(request.body),
    );

    app.post(
      '/seo/projects/:id/keywords',
      {
        schema: {
          tags,
          params: seoProjectIdParamSchema,
          body: seoKeywordCreateSchema,
          response: { 201: seoKeywordSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await keywords.add(request.params.id, request.body)),
    );

    app.put(
      '/seo/keywords/:keywordId',
      {
        schema: {
          tags,
          params: seoKeywordIdParamSchema,
          body: seoKeywordUpdateSchema,
          response: { 200: seoKeywordSchema, ...errors },
        },
      },
      async (request) => keywords.update(request.params.keywordId, request.body),
    );

    app.delete(
      '/seo/keywords/:keywordId',
      { schema: { tags, params: seoKeywordIdParamSchema, response: { 200: seoKeywordDeletedSchema, ...errors } } },
      async (request) => keywords.delete(request.params.keywordId),
    );
  };
