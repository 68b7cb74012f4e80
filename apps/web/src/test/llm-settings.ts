import type { LlmSettings } from '@abp/contracts';
import { HttpResponse, http } from 'msw';

/** The language-model settings as the server reports them; the app's real default is the offline writer. */
export function llmSettings(overrides: Partial<LlmSettings> = {}): LlmSettings {
  return {
    provider: 'offline',
    model: '',
    effective_model: 'offline-writer',
    base_url: null,
    has_api_key: false,
    timeout_ms: 120_000,
    concurrency: 4,
    stream: false,
    offline: true,
    sources: {
      provider: 'environment',
      model: 'environment',
      base_url: 'environment',
      api_key: null,
      timeout_ms: 'environment',
      concurrency: 'environment',
      stream: 'environment',
    },
    saved_at: null,
    ...overrides,
  };
}

/**
 * Every screen that generates content asks for these (the offline-writer notice). By default the
 * tests run as if a real provider were configured, so the notice stays out of their way; a test
 * about the notice answers with llmSettings() itself.
 */
export const configuredProviderSettings = http.get('/api/settings/llm', () =>
  HttpResponse.json(
    llmSettings({
      provider: 'openai',
      model: 'gpt-4o-mini',
      effective_model: 'gpt-4o-mini',
      has_api_key: true,
      offline: false,
    }),
  ),
);
