import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FeedRoute = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A local HTTP server for feeds. Routes are set per path; `hits` counts requests per path. A hung
 * route never answers (its sockets are destroyed on close), for timeouts.
 */
export class FeedServer {
  readonly hits = new Map<string, number>();
  private readonly routes = new Map<string, FeedRoute>();
  private readonly hung = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FeedServer> {
    let instance: FeedServer | null = null;
    const server = createServer((req, res) => instance?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    instance = new FeedServer(server, `http://127.0.0.1:${port}`);
    return instance;
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  on(path: string, route: FeedRoute): this {
    this.routes.set(path, route);
    return this;
  }

  xml(path: string, body: string, contentType = 'application/rss+xml; charset=UTF-8'): this {
    return this.on(path, (_req, res) => {
      res.writeHead(200, { 'Content-Type': contentType });
      res.end(body);
    });
  }

  status(path: string, status: number, headers: Record<string, string> = {}, body = ''): this {
    return this.on(path, (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
      res.end(body);
    });
  }

  hang(path: string): this {
    return this.on(path, (_req, res) => {
      this.hung.add(res);
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const route = this.routes.get(path);
    if (route) return route(req, res);
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  }

  async close(): Promise<void> {
    for (const res of this.hung) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
