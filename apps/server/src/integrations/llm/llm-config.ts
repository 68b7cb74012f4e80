import { llmProviderSchema } from '@abp/contracts';
import { z } from 'zod';

/**
 * Everything needed to build one provider. Read from LLM_* environment variables or from the
 * Settings screen (which wins); the caller decides where it comes from.
 */
export const llmConfigSchema = z.object({
  provider: llmProviderSchema.default('offline'),
  model: z.string().trim().default(''),
  apiKey: z.string().optional(),
  /** Required for openai-compatible; optional override for the hosted providers. */
  baseUrl: z.url().optional(),
  /** Per call, covering retries' individual attempts but not the back-off between them. */
  timeoutMs: z.number().int().positive().default(120_000),
  /** Calls in flight at once against this provider. */
  concurrency: z.number().int().min(1).max(64).default(4),
  /** Ask for a server-sent-event stream instead of one JSON answer (local servers prefer it). */
  stream: z.boolean().default(false),
});
export type LlmConfig = z.infer<typeof llmConfigSchema>;
export type LlmConfigInput = z.input<typeof llmConfigSchema>;

/** Sensible default models, used when a provider is chosen but no model is named. */
export const DEFAULT_MODELS = {
  offline: 'offline-writer',
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  google: 'gemini-2.0-flash',
  'openai-compatible': 'llama3.1',
} as const satisfies Record<LlmConfig['provider'], string>;

/** Reads LLM_PROVIDER, LLM_MODEL, LLM_API_KEY, LLM_BASE_URL, LLM_TIMEOUT_MS, LLM_CONCURRENCY, LLM_STREAM. */
export function llmConfigFromEnv(env: NodeJS.ProcessEnv): LlmConfig {
  const number = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value));
  const apiKey = env.LLM_API_KEY || undefined;
  return llmConfigSchema.parse({
    // Nothing configured means nothing real can answer: the offline writer keeps every flow working.
    provider: env.LLM_PROVIDER || 'offline',
    model: env.LLM_MODEL,
    apiKey,
    baseUrl: env.LLM_BASE_URL || undefined,
    timeoutMs: number(env.LLM_TIMEOUT_MS),
    concurrency: number(env.LLM_CONCURRENCY),
    stream: env.LLM_STREAM === 'true' || env.LLM_STREAM === '1',
  });
}
