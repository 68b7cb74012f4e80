import { LlmError } from '../llm/index.js';
import { modelServerFetch } from '../llm/model-fetch.js';

/** Vectors are long: an answer for a batch of 64 texts of 3,072 dimensions is about 4 MB of JSON. */
const MAX_EMBEDDING_BODY_BYTES = 32 * 1024 * 1024;

/**
 * One JSON POST to an embeddings API through the outbound rule (the model servers' fetch: capped
 * body, no redirect followed), its failure sorted as a model call's.
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: { timeoutMs: number; signal?: AbortSignal; fetch?: typeof fetch },
): Promise<unknown> {
  const send = options.fetch ?? modelServerFetch({ maxBytes: MAX_EMBEDDING_BODY_BYTES });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (options.signal?.aborted)
      throw new LlmError('aborted', 'The embeddings call was cancelled', { retryable: false });
    if (timeout.aborted)
      throw new LlmError('timeout', 'The embeddings server did not answer in time', { retryable: true, cause: error });
    throw new LlmError('network', `The embeddings server could not be reached: ${(error as Error).message}`, {
      retryable: true,
      cause: error,
    });
  }
  const text = await response.text();
  if (!response.ok) throw statusError(response.status, text, response.headers.get('retry-after'));
  try {
    return JSON.parse(text);
  } catch {
    throw new LlmError('bad_output', 'The embeddings server answered with something other than JSON', {
      retryable: false,
    });
  }
}

function statusError(status: number, text: string, retryAfter: string | null): LlmError {
  const detail = text.slice(0, 300).replace(/\s+/g, ' ');
  const message = `The embeddings server answered HTTP ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 401 || status === 403) return new LlmError('auth', message, { retryable: false, status });
  if (status === 429) {
    const seconds = Number(retryAfter);
    return new LlmError('rate_limit', message, {
      retryable: true,
      status,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterSeconds: seconds } : {}),
    });
  }
  if (status >= 500) return new LlmError('server', message, { retryable: true, status });
  return new LlmError('bad_request', message, { retryable: false, status });
}

/** An answer that is not what the protocol says. */
export function badAnswer(what: string): LlmError {
  return new LlmError('bad_output', `The embeddings server's answer has no ${what}`, { retryable: false });
}
