import { API_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@abp/contracts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { notifyUnauthorized } from './auth-events';
import { GATEWAY_AWAY, reportConnection } from './connection-status';

export { ApiError, isApiError } from './api-error';

/** Anything with a zod-like `parse`; lets callers validate responses with a contract schema. */
export interface ResponseParser<T> {
  parse(input: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** Serialized as JSON. Leave undefined for calls without a body. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Cancels the request, e.g. TanStack Query's signal when a query is dropped. */
  signal?: AbortSignal;
  schema?: ResponseParser<T>;
  timeoutMs?: number;
  /** Extra request headers (e.g. X-Force-Publish); they cannot replace Accept or X-Requested-With. */
  headers?: Record<string, string>;
}

// A 401 from these is an answer ("not signed in", "wrong password"), not an expired session.
const SESSION_PROBE_PATHS = new Set(['/api/auth/status', '/api/auth/login']);

/** The one way the web app talks to the server: same origin, cookie session, JSON. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const label = `${method} ${url.pathname}${url.search}`;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
  };
  let body: string | undefined;
  // Only announce JSON when there is some: Fastify rejects an empty body sent as JSON.
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  // An object, not a boolean: it is flipped inside the timer callback.
  const timeout = { fired: false };
  const timer = window.setTimeout(() => {
    timeout.fired = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => {
    controller.abort(options.signal?.reason);
  };
  if (options.signal?.aborted) forwardAbort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  console.debug(`[api] ${label}`);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    text = await response.text();
  } catch (cause) {
    // The caller gave up (a query was cancelled): let its own AbortError through untouched.
    if (options.signal?.aborted && !timeout.fired) throw cause;
    const error = timeout.fired
      ? new ApiError({
          status: 0,
          code: CLIENT_ERROR_CODES.timeout,
          message: `Request timed out after ${Math.round(timeoutMs / 1000)} seconds`,
        })
      : new ApiError({
          status: 0,
          code: CLIENT_ERROR_CODES.network,
          message: 'Network error. Please check your connection.',
        });
    // No answer at all: the server is away (a slow answer that timed out says nothing of the kind).
    if (!timeout.fired) reportConnection(false);
    throw logFailure(label, error);
  } finally {
    window.clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  reportConnection(!GATEWAY_AWAY.has(response.status));
  const data = parseJson(text);
  if (!response.ok) {
    const error = await toApiError(response, data);
    if (error.status === 401 && !SESSION_PROBE_PATHS.has(url.pathname)) {
      console.warn('Authentication required - redirecting to login');
      notifyUnauthorized();
    }
    throw logFailure(label, error);
  }
  if (data === INVALID_JSON) {
    throw logFailure(
      label,
      new ApiError({
        status: response.status,
        code: CLIENT_ERROR_CODES.invalidResponse,
        message: 'The server sent a response that is not JSON',
      }),
    );
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): URL {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

const INVALID_JSON = Symbol('invalid-json');

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}

async function toApiError(response: Response, data: unknown): Promise<ApiError> {
  const body = await readErrorBody(data);
  const headerRetry = Number(response.headers.get('Retry-After'));
  const retryAfter = Number.isFinite(headerRetry) && headerRetry > 0 ? headerRetry : undefined;
  if (body) {
    return new ApiError({
      status: response.status,
      code: body.code,
      message: body.message,
      details: body.details,
      retryAfter: body.retryAfter ?? retryAfter,
    });
  }
  return new ApiError({
    status: response.status,
    code: `http_${response.status}`,
    message: `Request failed with status ${response.status}${response.statusText ? ` (${response.statusText})` : ''}`,
    retryAfter,
  });
}

/**
 * The error body checked against the contract. Its schema loads with the first failure, not with
 * the login screen (issue #35); should that chunk not load (a release replaced it), the failure is
 * described by its status alone.
 */
async function readErrorBody(data: unknown) {
  try {
    return (await import('./error-body')).readErrorBody(data);
  } catch {
    return null;
  }
}

function logFailure(label: string, error: ApiError): ApiError {
  console.error(`[api] ${label} failed: ${error.status} ${error.code} - ${error.message}`);
  return error;
}

/** The request option that sends a submission's idempotency key (none: nothing is added). */
export function idempotency(key: string | undefined): { headers?: Record<string, string> } {
  return key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {};
}
