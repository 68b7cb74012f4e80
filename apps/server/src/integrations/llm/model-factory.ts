import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { DEFAULT_MODELS, type LlmConfig } from './llm-config.js';
import { LlmError } from './llm-error.js';
import { modelServerFetch } from './model-fetch.js';

export type RemoteProviderId = Exclude<LlmConfig['provider'], 'offline'>;

/** Builds the AI SDK chat model for a remote provider. No network happens here. */
export function createChatModel(config: LlmConfig & { provider: RemoteProviderId }): LanguageModel {
  const model = config.model || DEFAULT_MODELS[config.provider];
  const apiKey = config.apiKey || undefined;
  // Every provider talks through it: answers read with a cap, no redirect followed with the key.
  const fetch = modelServerFetch();
  switch (config.provider) {
    case 'openai':
      // `.chat` keeps us on chat completions: the SDK's default is now the Responses API,
      // which OpenAI-compatible gateways and proxies do not speak.
      return createOpenAI({ apiKey, baseURL: config.baseUrl, fetch }).chat(model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: config.baseUrl, fetch })(model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey, baseURL: config.baseUrl, fetch })(model);
    case 'openai-compatible': {
      if (!config.baseUrl) {
        throw new LlmError(
          'bad_request',
          'LLM_BASE_URL is required for the openai-compatible provider (e.g. http://localhost:11434/v1)',
          {
            retryable: false,
          },
        );
      }
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl,
        apiKey,
        includeUsage: true,
        fetch,
      }).chatModel(model);
    }
  }
}
