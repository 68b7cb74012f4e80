import type { GenerationLog, GenerationMethod } from '@abp/contracts';
import { isLlmError } from '../../integrations/llm/index.js';
import { ArticleGenerationError, GenerationLogBuilder } from './engine/index.js';

/*
 * The provider kinds already carry a sentence from the classifier ("Cannot reach the model
 * server: …"); the engine's own kinds get a label in front of their technical message.
 */
const ENGINE_LABELS: Record<string, string> = {
  invalid_request: 'The request was invalid',
  refused: 'The model refused to write the article',
  incomplete: 'The article could not be completed',
  internal: 'Internal error during generation',
  unknown: 'The provider failed',
};

export interface GenerationFailure {
  kind: string;
  /** What the operator reads, e.g. "The provider rejected the credentials (HTTP 401): Incorrect API key provided". */
  reason: string;
  log: GenerationLog;
  refusal: { attempts: number; refusal_recovered: boolean; refusal_matches: string[] };
  retryAfterSeconds?: number;
}

export function describeFailure(kind: string, message: string): string {
  const label = ENGINE_LABELS[kind];
  if (!message) return label ?? 'The article could not be generated';
  return label && message !== label ? `${label}: ${message}` : message;
}

/** Any error of a generation as one failure record, with a Generation log even when the engine never ran. */
export function toGenerationFailure(
  error: unknown,
  method: GenerationMethod,
  sources: { newsUrls: string[]; groundingSources: string[] },
  /** The caller's abort reason: when it is an LlmError (e.g. a deadline), it says better why the generation stopped. */
  abortReason?: unknown,
): GenerationFailure {
  const retryAfterSeconds = retryAfterOf(error);
  if (error instanceof ArticleGenerationError) {
    const { kind, message } = isLlmError(abortReason) ? abortReason : error;
    return {
      kind,
      reason: describeFailure(kind, message),
      log: error.log,
      refusal: error.refusal,
      ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    };
  }
  const kind = isLlmError(error) ? error.kind : 'internal';
  const message = error instanceof Error ? error.message : String(error);
  const log = new GenerationLogBuilder(method, sources);
  log.record('prepare provider', 'failed', 0, message);
  log.error(message);
  return {
    kind,
    reason: describeFailure(kind, message),
    log: log.finish('failed', 0),
    refusal: { attempts: 1, refusal_recovered: false, refusal_matches: [] },
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  };
}

function retryAfterOf(error: unknown): number | undefined {
  const cause = error instanceof ArticleGenerationError ? error.cause : error;
  return isLlmError(cause) ? cause.retryAfterSeconds : undefined;
}
