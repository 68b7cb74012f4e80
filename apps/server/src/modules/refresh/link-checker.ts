import PQueue from 'p-queue';
import { isOutboundRefusal, type OutboundHttp } from '../../lib/outbound/index.js';

/*
 * The background link check (issue #36 §1): each address once, bounded concurrency overall and
 * per host, HEAD first and GET when HEAD is refused (405/501), a timeout per try, redirects followed
 * under the app's outbound rule (lib/outbound: the site's own origin may be any address, as the
 * operator entered it — a WordPress on 127.0.0.1 — every other one must be public), and no body read
 * (the answer's status is all it needs: the body is cancelled unread, so bytes stay bounded).
 *
 * What counts as dead:
 *   - 404 and 410; a name that does not resolve; a timeout or refused connection on every try;
 *   - 5xx twice in a row (two checks, days apart or at the retry): "dead-ish", shown as dead with
 *     the status; one 5xx alone is a server having a bad moment ('server_error', not dead yet);
 *   - not dead: 401, 403, 429 and other 4xx (the site refuses robots, not the page), and addresses
 *     the outbound rule does not allow ('skipped': loopback or private links of another origin).
 */

export type LinkOutcome = 'ok' | 'dead' | 'server_error' | 'not_dead' | 'skipped';

export interface LinkCheckResult {
  url: string;
  outcome: LinkOutcome;
  status: number | null;
  finalUrl: string | null;
  error: string | null;
  /** 5xx answers in a row, this check's included. */
  serverErrors: number;
}

export interface LinkCheckOptions {
  /** Checks in flight overall. */
  concurrency: number;
  /** Checks in flight per host. */
  perHost: number;
  /** Each try's time limit (HEAD and GET each). */
  timeoutMs: number;
  /** Tries again after a timeout or a failed connection, this many times. */
  retries: number;
  userAgent: string;
}

export const DEFAULT_LINK_CHECK_OPTIONS: LinkCheckOptions = {
  concurrency: 16,
  perHost: 2,
  timeoutMs: 8_000,
  retries: 1,
  userAgent: 'AutomatedBlogPoster-LinkCheck/1.0',
};

/** Dead (counted in the score): dead, or 5xx on two checks in a row. */
export function isDead(check: { outcome: string; serverErrors: number }): boolean {
  return check.outcome === 'dead' || (check.outcome === 'server_error' && check.serverErrors >= 2);
}

/** The reason's words for a dead link. */
export function deadWhy(check: { status: number | null; error: string | null; outcome: string }): string {
  if (check.status !== null)
    return check.outcome === 'server_error' ? `HTTP ${check.status} twice` : `HTTP ${check.status}`;
  return check.error ?? 'no answer';
}

const NETWORK_DEAD_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME']);

function errorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' || errorCode(error) === 'UND_ERR_CONNECT_TIMEOUT';
}

export class LinkChecker {
  constructor(
    /** The app's outbound client (tests give one whose classifier lets a loopback test server count as public). */
    public http: Pick<OutboundHttp, 'fetch'>,
    /** Public for tests (a short timeout) and the bench. */
    public options: LinkCheckOptions = DEFAULT_LINK_CHECK_OPTIONS,
  ) {}

  /**
   * Checks every address (each once), `entered` being the site's address (its origin may be any
   * address). `previousServerErrors` carries the count of 5xx in a row from the cache.
   */
  async checkAll(
    links: ReadonlyArray<{ url: string; entered: string }>,
    previousServerErrors: ReadonlyMap<string, number> = new Map(),
    onResult?: (result: LinkCheckResult) => void,
  ): Promise<LinkCheckResult[]> {
    const overall = new PQueue({ concurrency: this.options.concurrency });
    const hosts = new Map<string, PQueue>();
    const unique = new Map(links.map((link) => [link.url, link.entered]));
    const results: LinkCheckResult[] = [];
    await Promise.all(
      [...unique].map(([url, entered]) => {
        let host = '';
        try {
          host = new URL(url).host;
        } catch {
          host = '';
        }
        let queue = hosts.get(host);
        if (!queue) {
          queue = new PQueue({ concurrency: this.options.perHost });
          hosts.set(host, queue);
        }
        // The host's turn first, then a slot overall: a slow host never holds the overall slots while it waits.
        return queue.add(() =>
          overall.add(async () => {
            const result = await this.check(url, entered, previousServerErrors.get(url) ?? 0);
            results.push(result);
            onResult?.(result);
          }),
        );
      }),
    );
    return results;
  }

  async check(url: string, entered: string, previousServerErrors = 0): Promise<LinkCheckResult> {
    const base = { url, finalUrl: null, error: null, serverErrors: 0 };
    let lastError: unknown = null;
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      try {
        let answer = await this.request(url, entered, 'HEAD');
        if (answer.status === 405 || answer.status === 501) answer = await this.request(url, entered, 'GET');
        const { status, finalUrl } = answer;
        if (status >= 500) {
          return { ...base, outcome: 'server_error', status, finalUrl, serverErrors: previousServerErrors + 1 };
        }
        if (status === 404 || status === 410) return { ...base, outcome: 'dead', status, finalUrl };
        if (status >= 400) return { ...base, outcome: 'not_dead', status, finalUrl };
        return { ...base, outcome: 'ok', status, finalUrl };
      } catch (error) {
        if (isOutboundRefusal(error)) return { ...base, outcome: 'skipped', status: null, error: error.message };
        if (NETWORK_DEAD_CODES.has(errorCode(error) ?? '')) {
          return { ...base, outcome: 'dead', status: null, error: 'the name does not resolve' };
        }
        lastError = error;
      }
    }
    const code = errorCode(lastError);
    const why = isTimeout(lastError)
      ? `no answer within ${Math.round(this.options.timeoutMs / 1000)} s`
      : code === 'ECONNREFUSED'
        ? 'connection refused'
        : `no answer (${code ?? (lastError instanceof Error ? lastError.message : 'failed')})`;
    return { ...base, outcome: 'dead', status: null, error: `${why}, ${this.options.retries + 1} tries` };
  }

  private async request(url: string, entered: string, method: 'HEAD' | 'GET') {
    const { response, url: finalUrl } = await this.http.fetch(url, {
      subject: 'The linked page',
      method,
      entered,
      headers: { 'user-agent': this.options.userAgent, accept: '*/*' },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    // Never read the body: the status is the answer.
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, finalUrl };
  }
}
