import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks just enough of the WordPress REST protocol (index, users/me,
 * posts, 404 rest_no_route) for the client's failure scenarios. Tests override single routes with
 * `on()` to play a WAF, a rate limiter, a redirect or a hung server, and read `requests` to see
 * exactly what reached the wire.
 */
export interface RecordedRequest {
  method: string;
  /** Path plus query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, server: FakeWordPressServer) => void;

interface Override {
  method: string;
  match: (url: string) => boolean;
  handler: Handler;
  remaining: number;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=UTF-8', ...headers });
  res.end(body);
}

export const wpError = (code: string, message: string, status: number): unknown => ({
  code,
  message,
  data: { status },
});

export class FakeWordPressServer {
  readonly requests: RecordedRequest[] = [];
  #overrides: Override[] = [];
  #nextId = 10;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** On 127.0.0.1 by default; another loopback address (127.0.0.2) plays another host. */
  static async start(host = '127.0.0.1'): Promise<FakeWordPressServer> {
    let instance: FakeWordPressServer | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const recorded = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        instance?.handle(recorded, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const { port } = server.address() as AddressInfo;
    instance = new FakeWordPressServer(server, `http://${host}:${port}`);
    return instance;
  }

  /** Overrides a route (exact path+query, or a predicate) for the next `times` requests (default: all). */
  on(
    method: string,
    path: string | ((url: string) => boolean),
    handler: Handler,
    times = Number.POSITIVE_INFINITY,
  ): this {
    const match = typeof path === 'string' ? (url: string) => url === path : path;
    this.#overrides.unshift({ method, match, handler, remaining: times });
    return this;
  }

  requestsFor(method: string, prefix = ''): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.url.startsWith(prefix));
  }

  reset(): void {
    this.requests.length = 0;
    this.#overrides = [];
  }

  async close(): Promise<void> {
    // Hung handlers keep sockets open; close them so the test process can exit.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: RecordedRequest, res: ServerResponse): void {
    this.requests.push(req);
    const override = this.#overrides.find((o) => o.remaining > 0 && o.method === req.method && o.match(req.url));
    if (override) {
      override.remaining--;
      override.handler(req, res, this);
      return;
    }
    this.defaultRoute(req, res);
  }

  /** The happy path of a WordPress on pretty permalinks. */
  private defaultRoute(req: RecordedRequest, res: ServerResponse): void {
    const path = req.url.split('?')[0] ?? '/';
    const link = { Link: `<${this.url}/wp-json/>; rel="https://api.w.org/"` };
    if (req.method === 'GET' && path === '/') return sendHtml(res, 200, '<!doctype html><title>Fake</title>', link);
    if (req.method === 'GET' && path === '/wp-json/') {
      return sendJson(
        res,
        200,
        { name: 'Fake', namespaces: ['wp/v2'], authentication: { 'application-passwords': {} } },
        link,
      );
    }
    if (req.method === 'GET' && path === '/wp-json/wp/v2/users/me') {
      if (!req.headers.authorization)
        return sendJson(res, 401, wpError('rest_not_logged_in', 'You are not currently logged in.', 401));
      return sendJson(res, 200, {
        id: 1,
        username: 'admin',
        name: 'admin',
        roles: ['administrator'],
        capabilities: { publish_posts: true },
      });
    }
    const post = /^\/wp-json\/wp\/v2\/posts(?:\/(\d+))?$/.exec(path);
    if (post) {
      const id = post[1] ? Number(post[1]) : this.#nextId++;
      const body = { id, slug: `post-${id}`, status: 'draft', link: `${this.url}/?p=${id}`, title: { rendered: 'T' } };
      if (req.method === 'POST') return sendJson(res, post[1] ? 200 : 201, body);
      if (req.method === 'GET') return sendJson(res, 200, body);
      if (req.method === 'DELETE') return sendJson(res, 200, { deleted: true, previous: body });
    }
    sendJson(res, 404, wpError('rest_no_route', 'No route was found matching the URL and request method.', 404));
  }
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
