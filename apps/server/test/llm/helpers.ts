import { AiSdkProvider, llmConfigSchema, type LlmConfigInput, type RetryPolicy } from '../../src/integrations/llm/index.js';

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

export function providerFor(baseUrl: string, config: Partial<LlmConfigInput> = {}, retry: Partial<RetryPolicy> = instantRetry().policy): AiSdkProvider {
  const parsed = llmConfigSchema.parse({ provider: 'openai-compatible', model: 'fake-model', baseUrl, apiKey: 'test-key', timeoutMs: 5000, concurrency: 4, ...config });
  if (parsed.provider === 'offline') throw new Error('providerFor builds remote providers only');
  return new AiSdkProvider({ ...parsed, provider: parsed.provider }, { retry });
}
