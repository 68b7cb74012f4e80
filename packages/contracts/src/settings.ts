import { z } from 'zod';
import { LLM_PROVIDERS, llmProviderSchema } from './generation.js';

/* The Settings screen: the language model section (other sections add their own schemas here). */

export const LLM_SETTINGS_LIMITS = {
  model: 200,
  apiKey: 2000,
  baseUrl: 2000,
  timeoutMs: { min: 1000, max: 600_000 },
  concurrency: { min: 1, max: 64 },
} as const;

/** Friendly names for the provider picker. */
export const LLM_PROVIDER_LABELS: Record<(typeof LLM_PROVIDERS)[number], string> = {
  offline: 'Offline writer (built in, no network)',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google (Gemini)',
  'openai-compatible': 'OpenAI-compatible server (Ollama, vLLM, LM Studio, OpenRouter)',
};

/** Where an effective value comes from: saved in the app, or the environment (or its built-in default). */
export const settingSourceSchema = z.enum(['saved', 'environment']);
export type SettingSource = z.infer<typeof settingSourceSchema>;

/** GET /api/settings/llm: the values generation uses now. The API key itself is never returned. */
export const llmSettingsSchema = z.object({
  provider: llmProviderSchema,
  /** As configured; '' means the provider's default model. */
  model: z.string(),
  /** The model that will actually be called. */
  effective_model: z.string(),
  base_url: z.string().nullable(),
  has_api_key: z.boolean(),
  timeout_ms: z.number().int(),
  concurrency: z.number().int(),
  stream: z.boolean(),
  /** True when the built-in offline writer produces the content. */
  offline: z.boolean(),
  sources: z.object({
    provider: settingSourceSchema,
    model: settingSourceSchema,
    base_url: settingSourceSchema,
    api_key: settingSourceSchema.nullable(),
    timeout_ms: settingSourceSchema,
    concurrency: settingSourceSchema,
    stream: settingSourceSchema,
  }),
  /** When the operator last saved this section; null when only the environment applies. */
  saved_at: z.string().nullable(),
});
export type LlmSettings = z.infer<typeof llmSettingsSchema>;

const optionalNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .optional();

/**
 * PUT /api/settings/llm (and the body of POST /api/settings/llm/test, which tests without saving).
 * A blank or missing api_key keeps the stored key; clear_api_key removes it. A null number or
 * stream falls back to the environment.
 */
export const llmSettingsUpdateSchema = z.object({
  provider: z.enum(LLM_PROVIDERS, { message: `must be one of ${LLM_PROVIDERS.join(', ')}` }),
  model: z
    .string()
    .trim()
    .max(LLM_SETTINGS_LIMITS.model, `Model must be at most ${LLM_SETTINGS_LIMITS.model} characters`)
    .default(''),
  base_url: z
    .union([
      z.literal(''),
      z
        .url({
          protocol: /^https?$/,
          message: 'Base URL must be an http:// or https:// address (e.g. http://localhost:11434/v1)',
        })
        .max(LLM_SETTINGS_LIMITS.baseUrl),
    ])
    .nullable()
    .default(null),
  api_key: z
    .string()
    .max(LLM_SETTINGS_LIMITS.apiKey, `API key must be at most ${LLM_SETTINGS_LIMITS.apiKey} characters`)
    .optional(),
  clear_api_key: z.boolean().default(false),
  timeout_ms: optionalNumber('Timeout', LLM_SETTINGS_LIMITS.timeoutMs),
  concurrency: optionalNumber('Concurrency', LLM_SETTINGS_LIMITS.concurrency),
  stream: z.boolean().nullable().optional(),
});
export type LlmSettingsUpdate = z.infer<typeof llmSettingsUpdateSchema>;
export type LlmSettingsUpdateInput = z.input<typeof llmSettingsUpdateSchema>;

/** POST /api/settings/llm/test: a short live answer, or the exact classified error. */
export const llmProbeResultSchema = z.object({
  ok: z.boolean(),
  provider: llmProviderSchema,
  model: z.string(),
  offline: z.boolean(),
  answer: z.string().nullable(),
  /** The error's class: auth, rate_limit, timeout, content_filter, bad_output, network, server, bad_request, … */
  kind: z.string().nullable(),
  error: z.string().nullable(),
  latency_ms: z.number().int().nonnegative(),
});
export type LlmProbeResult = z.infer<typeof llmProbeResultSchema>;
