import { parseRetryAfter } from '../../lib/backoff.js';
import { redactUrl, WordPressError } from './errors.js';
import { wpErrorBodySchema } from './schemas.js';

/** What is known about an HTTP answer that is not a usable success. */
export interface FailedAnswer {
  status: number;
  headers: Headers;
  bodyText: string;
  method: string;
  url: string;
}

/** A WAF or CDN challenge page rather than WordPress talking. */
export function looksLikeChallenge(headers: Headers, bodyText: string): boolean {
  if (headers.get('cf-mitigated')) return true;
  const head = bodyText.slice(0, 4000).toLowerCase();
  return /just a moment|attention required|captcha|challenge-platform|access denied|mod_security|request rejected|sucuri|wordfence/.test(
    head,
  );
}

export function looksLikeHtml(headers: Headers, bodyText: string): boolean {
  const type = headers.get('content-type') ?? '';
  return type.includes('html') || /^\s*</.test(bodyText);
}

export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    // No BOM handling needed: fetch's text() already drops a UTF-8 BOM (WHATWG "UTF-8 decode").
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

// The one Retry-After reader (lib/backoff.ts); exported here for the integration's own callers.
export { parseRetryAfter };

const BAD_CREDENTIAL_CODES = new Set([
  'rest_not_logged_in',
  'incorrect_password',
  'invalid_username',
  'invalid_email',
  'application_passwords_disabled',
  'application_passwords_disabled_for_user',
]);
const NOT_FOUND_CODES = /^rest_(post|term|user|comment)_invalid_id$|^rest_already_trashed$|^rest_invalid_id$/;

export function classifyHttpFailure(answer: FailedAnswer): WordPressError {
  const { status, headers, bodyText, method } = answer;
  const url = redactUrl(answer.url);
  const where = `${method} ${url}`;
  const parsed = tryParseJson(bodyText);
  const wpBody = parsed.ok ? wpErrorBodySchema.safeParse(parsed.value) : null;
  const wp = wpBody?.success ? wpBody.data : null;
  const wpCode = wp?.code ?? null;
  const wpText = wp?.message ? stripTags(wp.message) : null;
  const base = { status, wpCode, method, url, wpData: wp?.data ?? undefined };
  const said = wpText ? `: ${wpText}${wpCode ? ` (${wpCode})` : ''}` : '';

  // Body sniffing only where challenges really come (403/503); a 401 or 404 page may say "denied".
  const challengeStatus = status === 403 || status === 503;
  if (headers.get('cf-mitigated') || (!parsed.ok && challengeStatus && looksLikeChallenge(headers, bodyText))) {
    return new WordPressError('blocked_by_firewall', {
      ...base,
      message: `A firewall or CDN challenge answered ${where} with HTTP ${status} instead of WordPress.`,
    });
  }
  if (status >= 300 && status < 400) {
    const location = headers.get('location');
    const target = location ? new URL(location, answer.url).toString() : null;
    return new WordPressError('redirected', {
      ...base,
      location: target,
      canonicalUrl: target ? canonicalSiteUrl(answer.url, target) : null,
      message:
        `The site answered ${where} with a ${status} redirect${target ? ` to ${redactUrl(target)}` : ''}. ` +
        'The request was not repeated there, so nothing was changed.',
    });
  }
  if (status === 401) {
    const notWordPress = parsed.ok
      ? ''
      : ' The answer was not from WordPress: HTTP authentication in front of the site may be refusing it.';
    return new WordPressError('bad_credentials', {
      ...base,
      message: `WordPress rejected the username or application password (HTTP 401${said}).${notWordPress}`,
    });
  }
  if (status === 403) {
    if (wp && BAD_CREDENTIAL_CODES.has(wp.code)) {
      return new WordPressError('bad_credentials', {
        ...base,
        message: `WordPress refused the login (HTTP 403${said}).`,
      });
    }
    if (wp) {
      return new WordPressError('missing_capability', {
        ...base,
        message: `The WordPress user may not do this (HTTP 403${said}).`,
      });
    }
    return new WordPressError('blocked_by_firewall', {
      ...base,
      message: `${where} was refused with HTTP 403 and a non-WordPress page: a firewall or security rule blocked it.`,
    });
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
    return new WordPressError('rate_limited', {
      ...base,
      retryAfterSeconds,
      message: `The site is rate limiting requests (HTTP 429${retryAfterSeconds !== null ? `, retry after ${retryAfterSeconds} s` : ''}).`,
    });
  }
  if (status >= 500) {
    // A site in maintenance mode (WordPress sends 503 with Retry-After: 600) or an overloaded host says when to come back.
    const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
    return new WordPressError('server_error', {
      ...base,
      retryAfterSeconds,
      message: `The site failed with HTTP ${status} on ${where}${said}${retryAfterSeconds !== null ? ` (retry after ${retryAfterSeconds} s)` : ''}.`,
    });
  }
  if (wpCode === 'rest_no_route' || (status === 404 && !wp)) {
    return new WordPressError('rest_unavailable', {
      ...base,
      message: `No REST route answers ${where} (HTTP ${status}${said}).`,
    });
  }
  if (status === 404 || status === 410 || (wpCode && NOT_FOUND_CODES.test(wpCode))) {
    return new WordPressError('not_found', { ...base, message: `Not found on WordPress: ${where}${said}.` });
  }
  if (!parsed.ok) {
    return new WordPressError('not_json', {
      ...base,
      message: `${where} answered HTTP ${status} with a body that is not JSON.`,
    });
  }
  return new WordPressError('invalid_request', {
    ...base,
    message: `WordPress refused ${where} with HTTP ${status}${said}.`,
  });
}

/** A 2xx answer whose body is not JSON: a challenge page if it looks like one, else not_json. */
export function classifyNonJsonSuccess(answer: FailedAnswer): WordPressError {
  const where = `${answer.method} ${redactUrl(answer.url)}`;
  const base = { status: answer.status, method: answer.method, url: redactUrl(answer.url) };
  if (looksLikeChallenge(answer.headers, answer.bodyText)) {
    return new WordPressError('blocked_by_firewall', {
      ...base,
      message: `${where} returned a challenge page (HTTP ${answer.status}) instead of JSON: a firewall or CDN intercepted it.`,
    });
  }
  if (
    /<b>(?:warning|notice|deprecated|fatal error)<\/b>|^\s*(?:php )?(?:warning|notice|deprecated):/i.test(
      answer.bodyText,
    )
  ) {
    return new WordPressError('not_json', {
      ...base,
      message: `${where} returned PHP warnings mixed into the JSON (HTTP ${answer.status}).`,
      advice:
        'A plugin or theme prints PHP warnings. Set WP_DEBUG_DISPLAY to false (or display_errors off) and update the plugin.',
    });
  }
  const kind = looksLikeHtml(answer.headers, answer.bodyText) ? 'an HTML page' : 'a body that is not JSON';
  return new WordPressError('not_json', {
    ...base,
    message: `${where} returned ${kind} (HTTP ${answer.status}) instead of JSON.`,
  });
}

/**
 * The site address to store after a redirect: the target with the part of the path that the
 * request added (e.g. /wp-json/wp/v2/posts) removed, so http://a/wp-json/x → https://a/.
 */
export function canonicalSiteUrl(requestUrl: string, target: string): string {
  const from = new URL(requestUrl);
  const to = new URL(target);
  const marker = from.pathname.indexOf('/wp-json');
  const fromPrefix = marker >= 0 ? from.pathname.slice(0, marker) : from.pathname.replace(/\/[^/]*$/, '');
  const suffix = from.pathname.slice(fromPrefix.length);
  const toPath = suffix && to.pathname.endsWith(suffix) ? to.pathname.slice(0, -suffix.length) : fromPrefix;
  return `${to.origin}${toPath || ''}/`.replace(/\/+$/, '/');
}

function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, '').trim();
}
