import {
  errorBodySchema,
  fallbackProvidersSchema,
  fallbackProvidersUpdateSchema,
  llmProbeResultSchema,
  llmSettingsSchema,
  llmSettingsUpdateSchema,
  providerHealthSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LlmFallbacksService } from './llm-fallbacks.service.js';
import type { LlmProviderRegistry } from './llm-provider-registry.js';
import type { LlmSettingsService } from './llm-settings.service.js';

const tags = ['settings'];

/** The Settings screen's language model section, under /api/settings/llm. */
export const llmSettingsRoutes = (service: LlmSettingsService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/', { schema: { tags, response: { 200: llmSettingsSchema } } }, async () => service.get());

    app.put(
      '/',
      { schema: { tags, body: llmSettingsUpdateSchema, response: { 200: llmSettingsSchema, 400: errorBodySchema } } },
      async (request) => service.update(request.body),
    );

    app.delete('/', { schema: { tags, response: { 200: llmSettingsSchema } } }, async () => service.reset());

    // "Test provider": without a body the saved configuration is tested; with one, the form's unsaved values.
    // Fastify hands a missing body over as null.
    app.post(
      '/test',
      {
        schema: {
          tags,
          body: llmSettingsUpdateSchema.nullish(),
          response: { 200: llmProbeResultSchema, 400: errorBodySchema },
        },
      },
      async (request) => service.test(request.body ?? undefined),
    );
  };

/** Settings → Fallback providers and the chain's health, under /api/settings/llm. */
export const llmChainRoutes = (fallbacks: LlmFallbacksService, registry: LlmProviderRegistry): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get('/fallbacks', { schema: { tags, response: { 200: fallbackProvidersSchema } } }, async () =>
      fallbacks.get(),
    );
    app.put(
      '/fallbacks',
      {
        schema: {
          tags,
          body: fallbackProvidersUpdateSchema,
          response: { 200: fallbackProvidersSchema, 400: errorBodySchema },
        },
      },
      async (request) => fallbacks.update(request.body),
    );
    app.get('/health', { schema: { tags, response: { 200: providerHealthSchema } } }, async () => ({
      providers: (await registry.health().catch(() => [])).map((member, position) => ({
        position,
        provider: member.provider,
        model: member.model,
        state: member.state,
        cooling_until: member.coolingUntil === null ? null : new Date(member.coolingUntil).toISOString(),
        last_error: member.lastError,
        last_error_at: member.lastErrorAt === null ? null : new Date(member.lastErrorAt).toISOString(),
        calls_ok: member.callsOk,
        calls_failed: member.callsFailed,
      })),
    }));
  };
