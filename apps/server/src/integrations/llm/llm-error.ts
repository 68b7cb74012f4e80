/*
 * Every provider failure becomes one of these kinds, so callers decide on retries, messages and
 * job outcomes without knowing which SDK or server produced the error.
 */
export const LLM_ERROR_KINDS = [
  'auth',
  'rate_limit',
  'timeout',
  'content_filter',
  'bad_output',
  'network',
  'server',
  'bad_request',
  'aborted',
  'unknown',
] as const;
export type LlmErrorKind = (typeof LLM_ERROR_KINDS)[number];

export interface LlmErrorDetails {
  retryable: boolean;
  /** From Retry-After (or retry-after-ms) when the server sent one. */
  retryAfterSeconds?: number;
  status?: number;
  /** The model's raw answer, when it answered but the answer was unusable. */
  rawText?: string;
  /** The tokens the provider reported for an answer it gave (and billed) that could not be used. */
  usage?: LlmUsage;
  cause?: unknown;
}

/** Tokens as a provider reports them; undefined: not reported. */
export interface LlmUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

export class LlmError extends Error {
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | undefined;
  readonly status: number | undefined;
  readonly rawText: string | undefined;
  readonly usage: LlmUsage | undefined;

  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    details: LlmErrorDetails,
  ) {
    super(message, { cause: details.cause });
    this.name = 'LlmError';
    this.retryable = details.retryable;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.status = details.status;
    this.rawText = details.rawText;
    this.usage = details.usage;
  }
}

export const isLlmError = (error: unknown): error is LlmError => error instanceof LlmError;
