import {
  generateMetaRequestSchema,
  generateSchemaMarkupRequestSchema,
  optimisationResponseSchema,
  optimizeLinksRequestSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seoErrors as errors, seoTags as tags } from '../shared/route-errors.js';
import type { OptimisationService } from './optimisation.service.js';

export const optimisationRoutes = (optimisation: OptimisationService): FastifyPluginAsyncZod =>
  async function routes(app) {
    const response = { 200: optimisationResponseSchema, ...errors };
    app.post(
      '/seo-suite/generate-meta-descriptions',
      { schema: { tags, body: generateMetaRequestSchema, response } },
      async (request) => optimisation.metaDescriptions(request.body.project_id),
    );
    app.post(
      '/seo-suite/generate-schema-markup',
      { schema: { tags, body: generateSchemaMarkupRequestSchema, response } },
      async (request) => optimisation.schemaMarkup(request.body.project_id, request.body.schema_types),
    );
    app.post(
      '/seo-suite/optimize-internal-linking',
      { schema: { tags, body: optimizeLinksRequestSchema, response } },
      async (request) => optimisation.internalLinks(request.body.project_id, request.body.max_links_per_article),
    );
  };
