import { z } from 'zod';
import {
  type EmbeddingResult,
  type EmbeddingsClient,
  estimateTokens,
  MAX_EMBEDDING_CHARS,
} from './embeddings-client.js';
import { badAnswer, postJson } from './http-json.js';

const answerSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
  usage: z
    .object({ prompt_tokens: z.number().int().min(0).optional() })
    .partial()
    .nullish(),
});

export interface OpenAiEmbeddingsOptions {
  providerId: 'openai' | 'openai-compatible';
  model: string;
  /** The API's base (https://api.openai.com/v1, http://127.0.0.1:11434/v1 for Ollama, …). */
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * OpenAI's embeddings API (POST {base}/embeddings), which Ollama, llama.cpp's server, vLLM and LM
 * Studio speak too.
 */
export class OpenAiEmbeddings implements EmbeddingsClient {
  readonly maxBatch = 64;

  constructor(private readonly options: OpenAiEmbeddingsOptions) {}

  get providerId() {
    return this.options.providerId;
  }
  get model() {
    return this.options.model;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<EmbeddingResult> {
    const input = texts.map((text) => text.slice(0, MAX_EMBEDDING_CHARS));
    const started = performance.now();
    const answer = await postJson(
      `${this.options.baseUrl.replace(/\/+$/, '')}/embeddings`,
      this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      { model: this.options.model, input, encoding_format: 'float' },
      {
        timeoutMs: this.options.timeoutMs,
        ...(signal ? { signal } : {}),
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      },
    );
    const parsed = answerSchema.safeParse(answer);
    if (!parsed.success) throw badAnswer('list of embeddings');
    const vectors: number[][] = new Array(input.length);
    for (const item of parsed.data.data) if (item.index < input.length) vectors[item.index] = item.embedding;
    if (vectors.some((vector) => vector === undefined) || parsed.data.data.length !== input.length)
      throw badAnswer('vector for every text');
    const reported = parsed.data.usage?.prompt_tokens;
    return {
      vectors,
      inputTokens: reported ?? estimateTokens(input),
      estimated: reported === undefined,
      durationMs: Math.round(performance.now() - started),
    };
  }
}
