/** Codes the client itself produces when no server answer could be read. */
export const CLIENT_ERROR_CODES = {
  network: 'network',
  timeout: 'timeout',
  invalidResponse: 'invalid_response',
} as const;

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  retryAfter?: number;
}

/**
 * Every failed API call surfaces as this one type, so screens branch on `status` and `code`
 * instead of parsing fetch responses. `message` is the server's `error` text, meant for people.
 * `status` 0 means no HTTP answer arrived (network failure or timeout).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }

  /** True when the request never got an HTTP answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
