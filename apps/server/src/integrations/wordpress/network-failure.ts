import { redactUrl, WordPressError } from './errors.js';

interface NetworkContext {
  method: string;
  url: string;
  timeoutMs: number;
}

/** Node's fetch wraps the socket error: TypeError('fetch failed', { cause: { code } }). */
function errorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const record = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') return record.code;
    // Happy-eyeballs connects to several addresses and reports an AggregateError.
    if (Array.isArray(record.errors) && record.errors.length > 0) current = record.errors[0];
    else current = record.cause;
  }
  return null;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/;
/** Failures that happen before a byte of the request reached the server. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function classifyNetworkFailure(error: unknown, ctx: NetworkContext): WordPressError {
  const url = redactUrl(ctx.url);
  const host = safeHost(ctx.url);
  const base = { method: ctx.method, url, cause: error };
  // Only a write can have an unknown outcome; a read that timed out changed nothing.
  const isWrite = ctx.method !== 'GET' && ctx.method !== 'HEAD';

  if (isTimeout(error)) {
    return new WordPressError('network', {
      ...base,
      outcomeUnknown: isWrite,
      message: `${ctx.method} ${url} got no answer within ${Math.round(ctx.timeoutMs / 1000)} s (timeout).`,
      advice:
        'The site is slow or unreachable. If this was a create, check whether the item exists before ' +
        'trying again; lower the posting concurrency for this site if it keeps happening.',
    });
  }
  const code = errorCode(error) ?? 'unknown';
  if (TLS_CODES.test(code)) {
    return new WordPressError('network', {
      ...base,
      retryable: false,
      message: `The HTTPS certificate of ${host} was not accepted (${code}).`,
      advice:
        'Renew or fix the site’s TLS certificate (it must be valid for this host name), or use its correct address.',
    });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new WordPressError('network', {
      ...base,
      retryable: code === 'EAI_AGAIN',
      message: `The host name ${host} could not be resolved (${code}).`,
      advice: 'Check the site URL for typos and that its DNS records exist.',
    });
  }
  if (code === 'ECONNREFUSED') {
    return new WordPressError('network', {
      ...base,
      message: `${host} refused the connection (ECONNREFUSED): nothing listens there.`,
      advice: 'Check the URL and port, and that the web server of the site is running.',
    });
  }
  return new WordPressError('network', {
    ...base,
    outcomeUnknown: isWrite && !NOT_SENT.has(code),
    message: `The connection to ${host} failed (${code}) during ${ctx.method} ${url}.`,
  });
}

function safeHost(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return '(invalid host)';
  }
}
