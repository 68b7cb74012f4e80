import type { LlmConfig } from '../llm/index.js';

/** What one call returned: a vector per input text, in order, and the tokens it used. */
export interface EmbeddingResult {
  vectors: number[][];
  /** Input tokens as the server reported them, else estimated (about 4 characters a token). */
  inputTokens: number;
  estimated: boolean;
  durationMs: number;
}

/**
 * An embeddings model: texts in, vectors out. Failures are `LlmError`s (auth, rate_limit, server,
 * network, timeout, bad_output), as for language models. The offline writer and Anthropic have none.
 */
export interface EmbeddingsClient {
  /** The provider's id as the usage ledger names it ('openai', 'google', 'openai-compatible'). */
  readonly providerId: string;
  readonly model: string;
  /** At most this many texts per call. */
  readonly maxBatch: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<EmbeddingResult>;
}

/** The model a provider embeds with when EMBEDDINGS_MODEL names none (a local server must be told). */
export const DEFAULT_EMBEDDING_MODELS: Partial<Record<LlmConfig['provider'], string>> = {
  openai: 'text-embedding-3-small',
  google: 'gemini-embedding-001',
};

/** The longest text sent for one vector (about 2,000 tokens; every model here reads at least that). */
export const MAX_EMBEDDING_CHARS = 8_000;

export const estimateTokens = (texts: readonly string[]) =>
  Math.ceil(texts.reduce((sum, text) => sum + text.length, 0) / 4);
