import type { z } from 'zod';
import { type DiscoveryResult, discoverRestRoot } from './discovery.js';
import { redactUrl, WordPressError } from './errors.js';
import type { WordPressHttp, WpRequest, WpResponse } from './http.js';
import { type Query, routeUrl } from './rest-url.js';

export interface RouteRequest extends Omit<WpRequest, 'url'> {
  route: string;
  query?: Query;
}

/**
 * The REST root plus the HTTP layer: builds route URLs, discovers the root on first use and
 * parses every answer with a schema so callers only ever see typed data or a WordPressError.
 */
export class RestSession {
  #restRoot: string | null;
  #discovering: Promise<DiscoveryResult> | null = null;

  constructor(
    readonly http: WordPressHttp,
    readonly baseUrl: string,
    restRoot: string | null,
    readonly mediaTimeoutMs: number,
  ) {
    this.#restRoot = restRoot;
  }

  get restRoot(): string | null {
    return this.#restRoot;
  }

  async discover(): Promise<DiscoveryResult> {
    // Concurrent first calls share one discovery instead of each probing the site.
    this.#discovering ??= discoverRestRoot(this.http, this.baseUrl).finally(() => {
      this.#discovering = null;
    });
    const result = await this.#discovering;
    this.#restRoot = result.restRoot;
    return result;
  }

  async url(route: string, query?: Query): Promise<string> {
    const root = this.#restRoot ?? (await this.discover()).restRoot;
    return routeUrl(root, route, query);
  }

  async raw(request: RouteRequest): Promise<WpResponse> {
    const { route, query, ...rest } = request;
    return this.http.send({ ...rest, url: await this.url(route, query) });
  }

  async call<S extends z.ZodType>(schema: S, request: RouteRequest): Promise<z.output<S>> {
    const response = await this.raw(request);
    return parseAnswer(schema, response, request.method);
  }
}

export function parseAnswer<S extends z.ZodType>(schema: S, response: WpResponse, method: string): z.output<S> {
  const parsed = schema.safeParse(response.data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown';
  throw new WordPressError('unexpected_response', {
    status: response.status,
    method,
    url: redactUrl(response.url),
    message: `WordPress answered ${method} ${redactUrl(response.url)} with JSON of an unexpected shape (${where}).`,
  });
}
