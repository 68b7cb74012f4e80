import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  NoContentGeneratedError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  RetryError,
  TypeValidationError,
} from 'ai';
import { isLlmError, LlmError } from './llm-error.js';

export interface CallContext {
  /** Our own per-call timer fired. */
  timedOut: boolean;
  /** The caller cancelled. */
  aborted: boolean;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const CONTENT_FILTER_TEXT = /content[_ ]?(filter|policy|management)|safety|responsible ?ai|blocked/i;

/** Sorts any error thrown while calling a model into an `LlmError` with a retry decision. */
export function classifyLlmError(error: unknown, context: CallContext): LlmError {
  // Ours, from the model server's fetch (an oversized answer, a redirect), even when the SDK wrapped it.
  const own = ownLlmError(error);
  if (own) return own;
  if (context.aborted)
    return new LlmError('aborted', 'The generation was cancelled', { retryable: false, cause: error });
  if (context.timedOut || errorName(error) === 'TimeoutError') {
    return new LlmError('timeout', 'The model did not answer in time', { retryable: true, cause: error });
  }
  if (RetryError.isInstance(error)) return classifyLlmError(error.lastError, context);
  if (APICallError.isInstance(error)) return classifyApiCallError(error);
  if (LoadAPIKeyError.isInstance(error)) {
    return new LlmError('auth', `No API key: ${error.message}`, { retryable: false, cause: error });
  }
  if (NoObjectGeneratedError.isInstance(error)) {
    // The model answered, and the provider billed the answer: its usage goes to the ledger all the same.
    const usage = error.usage
      ? { inputTokens: error.usage.inputTokens, outputTokens: error.usage.outputTokens }
      : undefined;
    // The provider's filter stopped the answer: a refusal, as for text (another provider may answer).
    if (error.finishReason === 'content-filter') {
      return new LlmError('content_filter', 'The provider stopped the answer with its content filter', {
        retryable: false,
        rawText: error.text,
        usage,
        cause: error,
      });
    }
    return new LlmError('bad_output', 'The model answered with text that does not match the expected structure', {
      retryable: false,
      rawText: error.text,
      usage,
      cause: error,
    });
  }
  if (
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error)
  ) {
    return new LlmError('bad_output', `Unusable answer from the model: ${error.message}`, {
      retryable: false,
      cause: error,
    });
  }
  if (errorName(error) === 'AbortError')
    return new LlmError('aborted', 'The generation was cancelled', { retryable: false, cause: error });
  if (isNetworkFailure(error)) {
    return new LlmError('network', `Cannot reach the model server: ${describe(error)}`, {
      retryable: true,
      cause: error,
    });
  }
  return new LlmError('unknown', describe(error), { retryable: false, cause: error });
}

function classifyApiCallError(error: APICallError): LlmError {
  const status = error.statusCode;
  const body = error.responseBody ?? '';
  const base = { status, cause: error };
  if (status === undefined) {
    // The SDK wraps failed fetches (refused connection, reset socket) without a status.
    if (isNetworkFailure(error.cause) || error.isRetryable) {
      return new LlmError('network', `Cannot reach the model server: ${describe(error.cause ?? error)}`, {
        ...base,
        retryable: true,
      });
    }
    return new LlmError('unknown', error.message, { ...base, retryable: false });
  }
  // The provider's own words ("Incorrect API key provided") are what the operator can act on.
  const said = providerSaid(error);
  if (status === 401 || status === 403) {
    return new LlmError('auth', `The provider rejected the credentials (HTTP ${status})${said}`, {
      ...base,
      retryable: false,
    });
  }
  if (status === 429) {
    // A spent quota will not come back by waiting a few seconds; a rate limit will.
    const quotaExhausted = /insufficient_quota|quota|billing/i.test(body);
    return new LlmError(
      'rate_limit',
      `${quotaExhausted ? 'The provider quota is exhausted' : 'The provider is rate limiting requests'}${said}`,
      {
        ...base,
        retryable: !quotaExhausted,
        retryAfterSeconds: retryAfterSeconds(error.responseHeaders),
      },
    );
  }
  if (status === 408)
    return new LlmError('timeout', 'The provider timed out the request (HTTP 408)', { ...base, retryable: true });
  if (status >= 500) {
    return new LlmError('server', `The provider failed (HTTP ${status})`, {
      ...base,
      retryable: true,
      retryAfterSeconds: retryAfterSeconds(error.responseHeaders),
    });
  }
  if (CONTENT_FILTER_TEXT.test(body)) {
    return new LlmError('content_filter', 'The provider blocked the request with its content filter', {
      ...base,
      retryable: false,
    });
  }
  return new LlmError(
    'bad_request',
    `The provider refused the request (HTTP ${status}): ${firstLine(body || error.message)}`,
    {
      ...base,
      retryable: false,
    },
  );
}

/** Retry-After in seconds (number or HTTP date), or OpenAI's retry-after-ms. */
export function retryAfterSeconds(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const header = (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const ms = Number(header('retry-after-ms'));
  if (Number.isFinite(ms) && ms >= 0 && header('retry-after-ms') !== undefined) return ms / 1000;
  const value = header('retry-after');
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

function isNetworkFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (current instanceof TypeError && /fetch failed|network|socket/i.test(current.message)) return true;
  }
  return false;
}

function ownLlmError(error: unknown): LlmError | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (isLlmError(current)) return current;
  }
  return null;
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : undefined);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
const firstLine = (text: string) => text.split('\n')[0]?.slice(0, 300) ?? '';

/** ": <the provider's message>" when the SDK found one in the error body, else nothing. */
function providerSaid(error: APICallError): string {
  const message = firstLine(error.message).trim();
  return message && !/^(Bad Request|Unauthorized|Forbidden|Too Many Requests|Internal Server Error)$/i.test(message)
    ? `: ${message}`
    : '';
}
