import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredPost {
  id: number;
  status: string;
  title: string;
  content: string;
  date_gmt: string | null;
}

/**
 * A small WordPress over real HTTP that keeps its posts, for the "answer lost" scenario: with
 * `hangNextCreates` it stores the post of a create and then never answers, like a site whose
 * response is lost after the insert. Speaks the routes the publish path uses (posts, search, tags).
 */
export class StatefulWordPressServer {
  readonly posts = new Map<number, StoredPost>();
  readonly requests: string[] = [];
  hangNextCreates = 0;
  /** Every create answers this failure instead (e.g. 503), storing nothing; with `retryAfter` as its Retry-After. */
  failCreatesWith: number | null = null;
  retryAfter: number | null = null;
  /** Told of each create as it arrives, before it is answered. */
  onCreate: (() => void) | null = null;
  #nextId = 500;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<StatefulWordPressServer> {
    let instance: StatefulWordPressServer | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => instance?.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    instance = new StatefulWordPressServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return instance;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  }

  private toWp(post: StoredPost) {
    return {
      ...post,
      slug: `post-${post.id}`,
      link: `${this.url}/?p=${post.id}`,
      title: { raw: post.title, rendered: post.title },
      content: { raw: post.content, rendered: post.content },
    };
  }

  private handle(req: IncomingMessage, body: string, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    this.requests.push(`${method} ${url.pathname}${url.search}`);
    if (!req.headers.authorization && url.pathname !== '/wp-json/')
      return this.json(res, 401, { code: 'rest_not_logged_in', message: 'Not logged in', data: { status: 401 } });
    if (url.pathname === '/wp-json/') return this.json(res, 200, { name: 'Stateful', namespaces: ['wp/v2'] });
    if (url.pathname === '/wp-json/wp/v2/tags' && method === 'GET') return this.json(res, 200, []);
    if (url.pathname === '/wp-json/wp/v2/tags' && method === 'POST') {
      const { name } = JSON.parse(body) as { name: string };
      return this.json(res, 201, { id: 1000 + name.length, name, slug: name.toLowerCase(), count: 0 });
    }
    const match = /^\/wp-json\/wp\/v2\/posts(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return this.json(res, 404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
    const id = match[1] ? Number(match[1]) : null;
    if (method === 'GET' && id === null) {
      const term = url.searchParams.get('search') ?? '';
      return this.json(
        res,
        200,
        [...this.posts.values()]
          .filter((p) => p.content.includes(term) || p.title.includes(term))
          .map((p) => this.toWp(p)),
      );
    }
    const input = body ? (JSON.parse(body) as Partial<StoredPost>) : {};
    if (method === 'POST' && id === null) this.onCreate?.();
    if (method === 'POST' && id === null && this.failCreatesWith !== null)
      return this.json(
        res,
        this.failCreatesWith,
        { code: 'unavailable', message: 'Service Unavailable', data: { status: this.failCreatesWith } },
        this.retryAfter === null ? {} : { 'Retry-After': String(this.retryAfter) },
      );
    if (method === 'POST' && id === null) {
      const post: StoredPost = {
        id: this.#nextId++,
        status: input.status ?? 'draft',
        title: input.title ?? '',
        content: input.content ?? '',
        date_gmt: input.date_gmt ?? null,
      };
      this.posts.set(post.id, post);
      if (this.hangNextCreates > 0) {
        this.hangNextCreates--;
        return; // created, but the answer never comes
      }
      return this.json(res, 201, this.toWp(post));
    }
    const post = id === null ? undefined : this.posts.get(id);
    if (!post)
      return this.json(res, 404, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });
    if (method === 'POST')
      Object.assign(post, Object.fromEntries(Object.entries(input).filter(([k]) => k in post && k !== 'id')));
    return this.json(res, 200, this.toWp(post));
  }
}
