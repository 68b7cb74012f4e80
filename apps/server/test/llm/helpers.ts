import { expect } from 'vitest';
import {
  AiSdkProvider,
  type LlmConfigInput,
  llmConfigSchema,
  type RetryPolicy,
} from '../../src/integrations/llm/index.js';
import type { TestApp } from '../test-app.js';

// The openai-compatible adapter warns on every JSON-mode call that it cannot send the schema; in tests that is noise.
globalThis.AI_SDK_LOG_WARNINGS = false;

/** Retries without real waiting; the delays asked for are recorded. */
export function instantRetry(overrides: Partial<RetryPolicy> = {}): { policy: Partial<RetryPolicy>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    policy: {
      maxAttempts: 3,
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0.5,
      ...overrides,
    },
  };
}

export function providerFor(
  baseUrl: string,
  config: Partial<LlmConfigInput> = {},
  retry: Partial<RetryPolicy> = instantRetry().policy,
): AiSdkProvider {
  const parsed = llmConfigSchema.parse({
    provider: 'openai-compatible',
    model: 'fake-model',
    baseUrl,
    apiKey: 'test-key',
    timeoutMs: 5000,
    concurrency: 4,
    ...config,
  });
  if (parsed.provider === 'offline') throw new Error('providerFor builds remote providers only');
  return new AiSdkProvider({ ...parsed, provider: parsed.provider }, { retry });
}

/**
 * Settings → LLM pointed at a local fake OpenAI-compatible server, as the operator would set it,
 * with retries that do not wait.
 */
export async function useFakeModel(
  t: TestApp,
  cookie: string,
  baseUrl: string,
  apiKey: string,
  timeoutMs = 10_000,
): Promise<void> {
  t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/llm',
    cookie,
    payload: {
      provider: 'openai-compatible',
      model: 'fake-model',
      base_url: baseUrl,
      api_key: apiKey,
      timeout_ms: timeoutMs,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
