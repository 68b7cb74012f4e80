import type { LlmProviderId } from '@abp/contracts';
import type { z } from 'zod';
import type { WritingIntent } from './writing-intent.js';

export interface TextRequest {
  system?: string;
  prompt: string;
  /** Upper bound on the answer's length, in tokens. */
  maxTokens?: number;
  /** Cancels the call and any retry wait. */
  signal?: AbortSignal;
  temperature?: number;
  /** Structured description of the request, for writers that have no model (offline). */
  intent?: WritingIntent;
}

export interface ObjectRequest<T> extends TextRequest {
  schema: z.ZodType<T>;
  /** Shown to models that support named schemas. */
  schemaName?: string;
}

export interface TextResult {
  text: string;
  finishReason: string;
  usage: { inputTokens: number | undefined; outputTokens: number | undefined };
  /** Time spent in the model call itself (the last attempt), excluding queueing and back-off. */
  modelMs: number;
  /** Transport attempts made, 1 when the first call succeeded. */
  transportAttempts: number;
}

export interface ObjectResult<T> extends Omit<TextResult, 'text'> {
  object: T;
}

/**
 * One configured language model. Adapters classify every failure into an `LlmError` and have
 * already retried what is worth retrying before they throw.
 */
export interface LanguageModelProvider {
  readonly providerId: LlmProviderId;
  readonly model: string;
  /** True for the built-in offline writer, so the UI can say plainly that it is in use. */
  readonly isOffline: boolean;
  generateText(request: TextRequest): Promise<TextResult>;
  /** Structured output validated against `schema`; throws `LlmError` kind bad_output when the answer does not fit. */
  generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResult<T>>;
}
