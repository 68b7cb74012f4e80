import { z } from 'zod';
import {
  type EmbeddingResult,
  type EmbeddingsClient,
  estimateTokens,
  MAX_EMBEDDING_CHARS,
} from './embeddings-client.js';
import { badAnswer, postJson } from './http-json.js';

const answerSchema = z.object({ embeddings: z.array(z.object({ values: z.array(z.number()) })) });

export interface GoogleEmbeddingsOptions {
  model: string;
  /** Default https://generativelanguage.googleapis.com/v1beta. */
  baseUrl?: string;
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Google's Gemini API: models/{model}:batchEmbedContents (it reports no tokens: they are estimated). */
export class GoogleEmbeddings implements EmbeddingsClient {
  readonly providerId = 'google';
  readonly maxBatch = 100;

  constructor(private readonly options: GoogleEmbeddingsOptions) {}

  get model() {
    return this.options.model;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<EmbeddingResult> {
    const input = texts.map((text) => text.slice(0, MAX_EMBEDDING_CHARS));
    const base = (this.options.baseUrl ?? 'https://generativelanguage.googleapis.com/v1beta').replace(/\/+$/, '');
    const model = this.options.model.startsWith('models/') ? this.options.model : `models/${this.options.model}`;
    const started = performance.now();
    const answer = await postJson(
      `${base}/${model}:batchEmbedContents`,
      this.options.apiKey ? { 'x-goog-api-key': this.options.apiKey } : {},
      { requests: input.map((text) => ({ model, content: { parts: [{ text }] } })) },
      {
        timeoutMs: this.options.timeoutMs,
        ...(signal ? { signal } : {}),
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      },
    );
    const parsed = answerSchema.safeParse(answer);
    if (!parsed.success || parsed.data.embeddings.length !== input.length) throw badAnswer('vector for every text');
    return {
      vectors: parsed.data.embeddings.map((item) => item.values),
      inputTokens: estimateTokens(input),
      estimated: true,
      durationMs: Math.round(performance.now() - started),
    };
  }
}
