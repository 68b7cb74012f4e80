import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadSvgRuntime } from '../../src/integrations/images/resvg-runtime.js';
import { readBody } from '../llm/fake-http.js';

/*
 * A local server speaking OpenAI's images API (POST /v1/images/generations), plus GET /files/*
 * for answers that carry a URL instead of base64, so the real provider code runs against it.
 */

export interface ImagesRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export type ImagesReply =
  | { type: 'b64'; bytes: Buffer }
  /** Answers `data[0].url` pointing at /files/<name> on this server, which serves `bytes`. */
  | { type: 'url'; bytes: Buffer; name?: string }
  /** Answers `data[0].url` with this URL as it is (for image URLs elsewhere). */
  | { type: 'url-to'; url: string }
  | { type: 'error'; status: number; body: unknown }
  | { type: 'json'; body: unknown }
  /** Never answers; the client has to give up. */
  | { type: 'hang' };

export type ImagesHandler = (request: ImagesRequest, callNumber: number) => ImagesReply;

export interface FakeImagesServer {
  /** The API root to configure, ending in /v1. */
  baseUrl: string;
  requests: ImagesRequest[];
  /** Authorization headers of the GET /files/* downloads. */
  downloads: (string | undefined)[];
  setHandler(handler: ImagesHandler): void;
  /** GET `path` answers a redirect to `location`; POST /v1/images/generations too when `path` is that. Status 0 removes it. */
  redirect(path: string, location: string, status?: number): void;
  /** Serves `bytes` at /files/<name>; returns that URL on this server. */
  file(name: string, bytes: Buffer): string;
  close(): Promise<void>;
}

export async function startFakeImagesServer(handler: ImagesHandler): Promise<FakeImagesServer> {
  let current = handler;
  const requests: ImagesRequest[] = [];
  const downloads: (string | undefined)[] = [];
  const files = new Map<string, Buffer>();
  const hanging = new Set<ServerResponse>();
  const redirects = new Map<string, { location: string; status: number }>();
  let origin = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const moved = redirects.get(path);
      if (moved) {
        if (req.method === 'POST')
          requests.push({
            path,
            authorization: req.headers.authorization,
            body: JSON.parse(await readBody(req)) as Record<string, unknown>,
          });
        else downloads.push(req.headers.authorization);
        res.writeHead(moved.status, { location: moved.location }).end();
        return;
      }
      if (req.method === 'GET' && path.startsWith('/files/')) {
        downloads.push(req.headers.authorization);
        const bytes = files.get(path.slice('/files/'.length));
        res.writeHead(bytes ? 200 : 404, { 'content-type': 'image/png' }).end(bytes ?? '');
        return;
      }
      if (req.method !== 'POST' || path !== '/v1/images/generations') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
        return;
      }
      const request: ImagesRequest = {
        path,
        authorization: req.headers.authorization,
        body: JSON.parse(await readBody(req)) as Record<string, unknown>,
      };
      requests.push(request);
      const reply = current(request, requests.length);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (reply.type === 'hang') hanging.add(res);
      else if (reply.type === 'error') json(reply.status, reply.body);
      else if (reply.type === 'json') json(200, reply.body);
      else if (reply.type === 'b64') json(200, { created: 1, data: [{ b64_json: reply.bytes.toString('base64') }] });
      else if (reply.type === 'url-to') json(200, { created: 1, data: [{ url: reply.url }] });
      else {
        const name = reply.name ?? `image-${requests.length}.png`;
        files.set(name, reply.bytes);
        json(200, { created: 1, data: [{ url: `${origin}/files/${name}` }] });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}/v1`,
    requests,
    downloads,
    setHandler(next) {
      current = next;
    },
    redirect(path, location, status = 302) {
      if (status === 0) redirects.delete(path);
      else redirects.set(path, { location, status });
    },
    file(name, bytes) {
      files.set(name, bytes);
      return `${origin}/files/${name}`;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A small solid-colour PNG, unlike any title card (those are 1200×630). */
export async function samplePng(width = 64, height = 40, colour = '#e11d48'): Promise<Buffer> {
  const runtime = await loadSvgRuntime();
  return runtime.renderPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colour}"/></svg>`,
  );
}

export const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
