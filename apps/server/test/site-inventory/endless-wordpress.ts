import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The collections the endless site can answer without end. */
export type EndlessCollection = 'posts' | 'pages' | 'categories' | 'tags' | 'users';

export interface EndlessOptions {
  /** Which collections never end (default: posts only; the others have one item). */
  endless?: readonly EndlessCollection[];
  /** What X-WP-TotalPages claims for an endless collection. */
  claimedPages?: number;
  /** What X-WP-Total claims (default: claimedPages × per_page, as WordPress computes it). */
  claimedTotal?: number;
  /** Characters of each post's excerpt (raw and rendered both carry it). */
  excerptChars?: number;
  /** A pause before each collection answer (a slow site). */
  delayMs?: number;
}

/**
 * A local WordPress that never ends, speaking the real REST protocol: the index, users/me, and
 * wp/v2 collections that answer every page with `per_page` new items (ids never seen before), with
 * X-WP-Total and X-WP-TotalPages claiming 99,999,999 pages. What the site inventory must survive.
 * `requests` counts the collection requests per route.
 */
export class EndlessWordPress {
  readonly requests = new Map<string, number>();
  /** Ids the site no longer has (deleted there): left out of their pages. */
  readonly missing = new Set<number>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(options: EndlessOptions = {}): Promise<EndlessWordPress> {
    const endless = new Set<EndlessCollection>(options.endless ?? ['posts']);
    const claimedPages = options.claimedPages ?? 99_999_999;
    const excerpt = 'An endless post that says something about gardens. '
      .repeat(Math.ceil((options.excerptChars ?? 400) / 51))
      .slice(0, options.excerptChars ?? 400);
    let instance: EndlessWordPress | null = null;
    const server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const base = instance!.url;
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'Content-Type': 'application/json; charset=UTF-8',
          Link: `<${base}/wp-json/>; rel="https://api.w.org/"`,
          ...headers,
        });
        res.end(JSON.stringify(body));
      };
      const path = url.pathname;
      if (path === '/wp-json/' || path === '/wp-json') {
        return json(200, {
          name: 'Endless',
          url: base,
          home: base,
          namespaces: ['wp/v2'],
          authentication: { 'application-passwords': {} },
        });
      }
      if (path === '/wp-json/wp/v2/users/me') {
        return json(200, {
          id: 1,
          username: 'admin',
          name: 'admin',
          slug: 'admin',
          roles: ['administrator'],
          capabilities: { publish_posts: true, edit_posts: true },
        });
      }
      const collection = /^\/wp-json\/wp\/v2\/(posts|pages|categories|tags|users)$/.exec(path)?.[1] as
        | EndlessCollection
        | undefined;
      if (!collection || req.method !== 'GET')
        return json(404, {
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        });
      instance!.requests.set(collection, (instance!.requests.get(collection) ?? 0) + 1);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? '1'));
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? '10')));
      const pages = endless.has(collection) ? claimedPages : 1;
      if (page > pages)
        return json(400, {
          code: 'rest_post_invalid_page_number',
          message: 'The page number requested is larger than the number of pages available.',
          data: { status: 400 },
        });
      const count = endless.has(collection) ? perPage : 1;
      const ids = Array.from({ length: count }, (_, i) => (page - 1) * perPage + i + 1).filter(
        (id) => !instance!.missing.has(id),
      );
      const total = endless.has(collection) ? (options.claimedTotal ?? pages * perPage) : 1;
      const headers = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(pages) };
      const idsOnly = url.searchParams.get('_fields') === 'id';
      const items = ids.map((id) => {
        if (idsOnly) return { id };
        if (collection === 'categories' || collection === 'tags')
          return {
            id,
            name: `Term ${id}`,
            slug: `term-${id}`,
            taxonomy: collection === 'tags' ? 'post_tag' : 'category',
            count: 0,
            parent: 0,
          };
        if (collection === 'users') return { id, name: `Author ${id}`, slug: `author-${id}` };
        const modified = new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString().slice(0, 19);
        return {
          id,
          type: collection === 'pages' ? 'page' : 'post',
          slug: `endless-${id}`,
          status: 'publish',
          link: `${base}/?p=${id}`,
          date_gmt: modified,
          modified_gmt: modified,
          title: { raw: `Endless post ${id}`, rendered: `Endless post ${id}` },
          excerpt: { raw: excerpt, rendered: `<p>${excerpt}</p>` },
          categories: [1],
          tags: [],
          author: 1,
        };
      });
      json(200, items, headers);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    instance = new EndlessWordPress(server, `http://127.0.0.1:${port}`);
    return instance;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
