import { z } from 'zod';
import { LLM_PROVIDERS, llmProviderSchema } from './generation.js';
import { LLM_SETTINGS_LIMITS } from './settings.js';

/* Providers that fail over (issue #16 part 3): fallbacks after the language model of Settings, and their health. */

export const FALLBACK_LIMITS = { providers: 5 } as const;
/** The offline writer is no fallback: it would publish demonstration text in place of a model's. */
export const FALLBACK_PROVIDERS = LLM_PROVIDERS.filter((provider) => provider !== 'offline') as Exclude<
  (typeof LLM_PROVIDERS)[number],
  'offline'
>[];

/** One fallback as the API shows it: its key is never returned. */
export const fallbackProviderSchema = z.object({
  id: z.string(),
  provider: llmProviderSchema,
  model: z.string(),
  base_url: z.string().nullable(),
  has_api_key: z.boolean(),
  concurrency: z.number().int(),
});
export type FallbackProvider = z.infer<typeof fallbackProviderSchema>;

/** GET /api/settings/llm/fallbacks */
export const fallbackProvidersSchema = z.object({ fallbacks: z.array(fallbackProviderSchema) });
export type FallbackProviders = z.infer<typeof fallbackProvidersSchema>;

/**
 * PUT /api/settings/llm/fallbacks: the ordered list after the main provider. An entry with the id
 * of a saved one and no api_key keeps its key (for the same provider and base URL only).
 */
export const fallbackProvidersUpdateSchema = z.object({
  fallbacks: z
    .array(
      z.object({
        id: z.string().max(100).optional(),
        provider: z.enum(FALLBACK_PROVIDERS as [string, ...string[]], {
          message: `must be one of ${FALLBACK_PROVIDERS.join(', ')}`,
        }),
        model: z
          .string()
          .trim()
          .max(LLM_SETTINGS_LIMITS.model, `must be at most ${LLM_SETTINGS_LIMITS.model} characters`)
          .default(''),
        base_url: z
          .union([
            z.literal(''),
            z
              .url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' })
              .max(LLM_SETTINGS_LIMITS.baseUrl),
          ])
          .nullable()
          .default(null),
        api_key: z
          .string()
          .max(LLM_SETTINGS_LIMITS.apiKey, `must be at most ${LLM_SETTINGS_LIMITS.apiKey} characters`)
          .optional(),
        concurrency: z
          .number()
          .int()
          .min(LLM_SETTINGS_LIMITS.concurrency.min)
          .max(LLM_SETTINGS_LIMITS.concurrency.max)
          .default(4),
      }),
    )
    .max(FALLBACK_LIMITS.providers, `at most ${FALLBACK_LIMITS.providers} fallbacks`),
});
export type FallbackProvidersUpdate = z.infer<typeof fallbackProvidersUpdateSchema>;
export type FallbackProvidersUpdateInput = z.input<typeof fallbackProvidersUpdateSchema>;

export const PROVIDER_HEALTH_STATES = ['healthy', 'cooling_down', 'failing'] as const;

/** GET /api/settings/llm/health: each provider of the chain, in order, as every process of the app saw it. */
export const providerHealthSchema = z.object({
  providers: z.array(
    z.object({
      position: z.number().int().nonnegative(),
      provider: z.string(),
      model: z.string(),
      /** healthy; cooling_down: skipped until cooling_until; failing: its last call failed, it is still tried. */
      state: z.enum(PROVIDER_HEALTH_STATES),
      cooling_until: z.string().nullable(),
      last_error: z.string().nullable(),
      last_error_at: z.string().nullable(),
      calls_ok: z.number().int().nonnegative(),
      calls_failed: z.number().int().nonnegative(),
    }),
  ),
});
export type ProviderHealth = z.infer<typeof providerHealthSchema>;
