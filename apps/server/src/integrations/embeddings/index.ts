import type { LlmConfig } from '../llm/index.js';
import { DEFAULT_EMBEDDING_MODELS, type EmbeddingsClient } from './embeddings-client.js';
import { GoogleEmbeddings } from './google-embeddings.js';
import { OpenAiEmbeddings } from './openai-embeddings.js';

export * from './embeddings-client.js';
export { GoogleEmbeddings } from './google-embeddings.js';
export { OpenAiEmbeddings } from './openai-embeddings.js';

/** Embeddings per call: a batch of long texts takes longer than a chat answer's first token. */
const EMBEDDINGS_TIMEOUT_MS = 60_000;

/**
 * The embeddings client for a provider configuration, or null when it has none: the offline writer,
 * Anthropic (no embeddings API), a local server without EMBEDDINGS_MODEL, or EMBEDDINGS_MODEL=off.
 * `model`: EMBEDDINGS_MODEL ('' = the provider's default).
 */
export function createEmbeddingsClient(
  config: LlmConfig,
  model: string,
  options: { fetch?: typeof fetch } = {},
): EmbeddingsClient | null {
  if (model === 'off') return null;
  const name = model || DEFAULT_EMBEDDING_MODELS[config.provider];
  if (!name) return null;
  const timeoutMs = Math.min(config.timeoutMs, EMBEDDINGS_TIMEOUT_MS);
  const shared = { model: name, timeoutMs, ...(config.apiKey ? { apiKey: config.apiKey } : {}), ...options };
  switch (config.provider) {
    case 'openai':
      return new OpenAiEmbeddings({
        ...shared,
        providerId: 'openai',
        baseUrl: config.baseUrl ?? 'https://api.openai.com/v1',
      });
    case 'openai-compatible':
      return config.baseUrl
        ? new OpenAiEmbeddings({ ...shared, providerId: 'openai-compatible', baseUrl: config.baseUrl })
        : null;
    case 'google':
      return new GoogleEmbeddings({ ...shared, ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) });
    default:
      return null;
  }
}
