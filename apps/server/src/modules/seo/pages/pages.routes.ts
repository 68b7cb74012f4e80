import {
  generatePagesRequestSchema,
  generatePagesResponseSchema,
  generateSitePagesRequestSchema,
  pageSlugConflictListSchema,
  seoPageListSchema,
  seoProjectIdParamSchema,
  siteStructureSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { PagesService } from './pages.service.js';
import type { SiteStructureService } from './site-structure.service.js';

export const pagesRoutes = (pages: PagesService, structure: SiteStructureService): FastifyPluginAsyncZod =>
  async function routes(app) {
    const params = seoProjectIdParamSchema;
    app.get(
      '/seo/projects/:id/pages',
      { schema: { tags, params, response: { 200: seoPageListSchema, ...errors } } },
      async (request) => pages.list(request.params.id),
    );

    app.get(
      '/seo/projects/:id/page-conflicts',
      { schema: { tags, params, response: { 200: pageSlugConflictListSchema, ...errors } } },
      async (request) => pages.slugConflicts(request.params.id),
    );

    app.post(
      '/seo/projects/:id/generate-pages',
      {
        schema: {
          tags,
          params,
          body: generatePagesRequestSchema,
          response: { 200: generatePagesResponseSchema, ...errors },
        },
      },
      async (request) => pages.generate(request.params.id, request.body.includeOptional),
    );

    app.get(
      '/seo-suite/projects/:id/site-structure',
      { schema: { tags, params, response: { 200: siteStructureSchema, ...errors } } },
      async (request) => structure.get(request.params.id),
    );

    app.get(
      '/seo-suite/projects/:id/site-pages',
      { schema: { tags, params, response: { 200: seoPageListSchema, ...errors } } },
      async (request) => pages.sitePages(request.params.id),
    );

    app.post(
      '/seo-suite/generate-site-pages',
      {
        schema: {
          tags,
          body: generateSitePagesRequestSchema,
          response: { 200: generatePagesResponseSchema, ...errors },
        },
      },
      async (request) => pages.generateSitePages(request.body),
    );
  };
