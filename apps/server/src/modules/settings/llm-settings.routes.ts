import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, llmProbeResultSchema, llmSettingsSchema, llmSettingsUpdateSchema } from '@abp/contracts';
import type { LlmSettingsService } from './llm-settings.service.js';

const tags = ['settings'];

/** The Settings screen's language model section, under /api/settings/llm. */
export const llmSettingsRoutes = (service: LlmSettingsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/', { schema: { tags, response: { 200: llmSettingsSchema } } }, async () => service.get());

    app.put('/', { schema: { tags, body: llmSettingsUpdateSchema, response: { 200: llmSettingsSchema, 400: errorBodySchema } } }, async (request) =>
      service.update(request.body),
    );

    app.delete('/', { schema: { tags, response: { 200: llmSettingsSchema } } }, async () => service.reset());

    // "Test provider": without a body the saved configuration is tested; with one, the form's unsaved values.
    // Fastify hands a missing body over as null.
    app.post('/test', { schema: { tags, body: llmSettingsUpdateSchema.nullish(), response: { 200: llmProbeResultSchema, 400: errorBodySchema } } }, async (request) =>
      service.test(request.body ?? undefined),
    );
  };
