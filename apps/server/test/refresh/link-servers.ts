import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server playing the far ends of a post's links, on 127.0.0.1: /ok answers 200,
 * /gone 404, /removed 410, /head-refused 405 to HEAD and 200 to GET, /flaky 503, /private 403,
 * /moved a redirect to /gone, /slow never answers. Counts the requests per path and method.
 */
export async function startLinkServer(): Promise<{
  url: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}> {
  const hits = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const key = `${request.method} ${path}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const send = (status: number, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/html', ...headers });
      // A body that would be long: the checker must not read it.
      response.end(request.method === 'HEAD' ? undefined : 'x'.repeat(64 * 1024));
    };
    if (path === '/ok') return send(200);
    if (path === '/gone') return send(404);
    if (path === '/removed') return send(410);
    if (path === '/head-refused') return send(request.method === 'HEAD' ? 405 : 200);
    if (path === '/flaky') return send(503);
    if (path === '/private') return send(403);
    if (path === '/limited') return send(429);
    if (path === '/moved') return send(301, { location: '/gone' });
    if (path === '/slow') {
      hanging.add(response);
      return;
    }
    return send(404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
