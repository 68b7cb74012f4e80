import { cappedResponse } from '../../lib/http-body.js';
import { isOutboundRefusal, type OutboundHttp, outbound } from '../../lib/outbound/index.js';
import { LlmError } from './llm-error.js';

/**
 * The most of a model server's answer that is read. The longest call asks for 8,000 tokens; as a
 * server-sent-event stream (~250 bytes of JSON per token) that is about 2 MB, as one JSON answer far
 * less. Anything bigger is a broken or hostile server, and reading it would fill the heap.
 */
export const MAX_LLM_BODY_BYTES = 10 * 1024 * 1024;

/**
 * The fetch the AI SDK calls the model server with. Every answer body (success, error, stream) is
 * read through the shared capped reader, and redirects are not followed: fetch keeps provider key
 * headers such as Anthropic's x-api-key and Google's x-goog-api-key on a redirect to another host
 * (it drops only Authorization), so a redirect is reported instead and the key goes nowhere else.
 * The request itself goes through the outbound rule (http(s) only, no credentials in the address).
 */
export function modelServerFetch(options: { maxBytes?: number; outbound?: OutboundHttp } = {}): typeof fetch {
  const maxBytes = options.maxBytes ?? MAX_LLM_BODY_BYTES;
  const send = (options.outbound ?? outbound).asFetch('The model server');
  return async (input, init) => {
    const response = await send(input, init).catch((error: unknown) => {
      throw isOutboundRefusal(error)
        ? new LlmError('bad_request', error.message, { retryable: false, cause: error })
        : error;
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw redirected(requestUrl(input), response);
    }
    return cappedResponse(response, maxBytes, () => tooLarge(maxBytes));
  };
}

function requestUrl(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** Scheme, host and path only: a query could carry a key (Google accepts ?key=). */
function safeUrl(raw: string, base?: string): string {
  try {
    const url = new URL(raw, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

function redirected(from: string, response: Response): LlmError {
  const location = response.headers.get('location');
  const to = location ? ` to ${safeUrl(location, from)}` : '';
  return new LlmError(
    'bad_request',
    `The model server at ${safeUrl(from)} answered with a redirect (HTTP ${response.status})${to}. It was not followed, so ` +
      'the API key was sent nowhere else: if that is the right server, set the base URL to its address.',
    { retryable: false, status: response.status },
  );
}

function tooLarge(maxBytes: number): LlmError {
  return new LlmError(
    'bad_output',
    `The model server's answer is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; reading was stopped. Check the base URL ` +
      'points at a model API and not at something else.',
    { retryable: false },
  );
}
