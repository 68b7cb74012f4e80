import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through proxy in front of a real WordPress. With `dropNextCreates` it forwards a post
 * create, lets WordPress answer, and then withholds that answer: the insert happened, the client
 * only sees a timeout. `posts` counts the creates that reached WordPress.
 */
export class DroppingProxy {
  dropNextCreates = 0;
  createsForwarded = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<DroppingProxy> {
    const upstream = new URL(target);
    let instance: DroppingProxy | null = null;
    const server = createServer((req, res) => {
      const isCreate = req.method === 'POST' && /\/wp\/v2\/posts\/?(\?|$)/.test(req.url ?? '');
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          if (isCreate && instance) {
            instance.createsForwarded++;
            if (instance.dropNextCreates > 0) {
              instance.dropNextCreates--;
              answer.resume(); // WordPress has answered; the client never hears it
              return;
            }
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    instance = new DroppingProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return instance;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
