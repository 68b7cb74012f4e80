import { LLM_PROVIDER_LABELS, type LlmSettings, llmProviderSchema, type SettingSource } from '@abp/contracts';
import { z } from 'zod';
import { DEFAULT_MODELS, type LlmConfig, llmConfigSchema } from '../../integrations/llm/index.js';
import { secretMayMoveTo } from '../../lib/origin.js';

/** The 'llm' row of the settings table. The API key is sealed, and belongs to the provider it was entered for. */
export const storedLlmSettingsSchema = z.object({
  provider: llmProviderSchema,
  model: z.string().default(''),
  baseUrl: z.string().nullable().default(null),
  apiKeySealed: z.string().nullable().default(null),
  timeoutMs: z.number().int().nullable().default(null),
  concurrency: z.number().int().nullable().default(null),
  stream: z.boolean().nullable().default(null),
});
export type StoredLlmSettings = z.infer<typeof storedLlmSettingsSchema>;

export interface ResolvedLlmSettings {
  config: LlmConfig;
  sources: LlmSettings['sources'];
}

/**
 * Saved values override the environment field by field. The environment's model, base URL and
 * key belong to the environment's provider, so they apply only while that provider is chosen:
 * switching to another provider in the app never sends it a key meant for a different one.
 */
export function resolveLlmSettings(
  env: LlmConfig,
  saved: StoredLlmSettings | null,
  unseal: (sealed: string) => string | undefined,
): ResolvedLlmSettings {
  const provider = saved?.provider ?? env.provider;
  const envApplies = provider === env.provider;
  const savedKey = saved?.apiKeySealed ? unseal(saved.apiKeySealed) : undefined;
  const pick = <T>(
    savedValue: T | null | undefined,
    envValue: T | undefined,
    usable = true,
  ): { value: T | undefined; source: SettingSource } =>
    savedValue !== null && savedValue !== undefined && savedValue !== ''
      ? { value: savedValue, source: 'saved' }
      : { value: usable ? envValue : undefined, source: 'environment' };

  const model = pick(saved?.model, env.model, envApplies);
  const baseUrl = pick(saved?.baseUrl, env.baseUrl, envApplies);
  // The environment's key goes only to the environment's server: a base URL saved in the app for
  // another origin gets no key unless one is saved with it.
  const apiKey = pick(savedKey, env.apiKey, envApplies && secretMayMoveTo(env.baseUrl, baseUrl.value));
  const timeoutMs = pick(saved?.timeoutMs, env.timeoutMs);
  const concurrency = pick(saved?.concurrency, env.concurrency);
  const stream = pick(saved?.stream, env.stream);
  const config = llmConfigSchema.parse({
    provider,
    model: model.value ?? '',
    apiKey: apiKey.value || undefined,
    baseUrl: baseUrl.value || undefined,
    timeoutMs: timeoutMs.value,
    concurrency: concurrency.value,
    stream: stream.value,
  });
  return {
    config,
    sources: {
      provider: saved ? 'saved' : 'environment',
      model: model.source,
      base_url: baseUrl.source,
      api_key: config.apiKey ? apiKey.source : null,
      timeout_ms: timeoutMs.source,
      concurrency: concurrency.source,
      stream: stream.source,
    },
  };
}

/** What the configuration lacks before a call could work, as the field and the reason. */
export function llmConfigProblem(config: LlmConfig): { field: 'base_url' | 'api_key'; message: string } | null {
  if (config.provider === 'openai-compatible' && !config.baseUrl) {
    return {
      field: 'base_url',
      message: 'Base URL is required for an OpenAI-compatible server (e.g. http://localhost:11434/v1)',
    };
  }
  if (
    (config.provider === 'openai' || config.provider === 'anthropic' || config.provider === 'google') &&
    !config.apiKey
  ) {
    return { field: 'api_key', message: `An API key is required for ${LLM_PROVIDER_LABELS[config.provider]}` };
  }
  return null;
}

export function toLlmSettingsDto(resolved: ResolvedLlmSettings, savedAt: Date | null): LlmSettings {
  const { config, sources } = resolved;
  return {
    provider: config.provider,
    model: config.model,
    effective_model: config.model || DEFAULT_MODELS[config.provider],
    base_url: config.baseUrl ?? null,
    has_api_key: Boolean(config.apiKey),
    timeout_ms: config.timeoutMs,
    concurrency: config.concurrency,
    stream: config.stream,
    offline: config.provider === 'offline',
    sources,
    saved_at: savedAt ? savedAt.toISOString() : null,
  };
}
