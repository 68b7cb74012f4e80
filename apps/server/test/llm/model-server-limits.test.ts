import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmError } from '../../src/integrations/llm/index.js';
import { MAX_LLM_BODY_BYTES } from '../../src/integrations/llm/model-fetch.js';
import { providerFor } from './helpers.js';

/*
 * A model server that answers without end must not fill the heap, and one that redirects must not
 * get the API key sent on to another host. The endless servers count what they managed to write
 * before the client hung up; the redirect target records every request it gets.
 */

const ENDLESS = 64 * 1024 * 1024;
const SLACK = 16 * 1024 * 1024;

interface TestServer {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>;
  handle: (res: ServerResponse) => void;
  close: () => Promise<void>;
}

async function startServer(host: string): Promise<TestServer> {
  const state: TestServer = { url: '', requests: [], handle: (res) => res.end(), close: async () => undefined };
  const server: Server = createServer((req, res) => {
    state.requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    req.resume();
    req.on('end', () => state.handle(res));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

/** Writes `head`, then `chunk` again and again up to `total` bytes, as fast as the client reads. */
function endless(
  res: ServerResponse,
  status: number,
  contentType: string,
  head: string,
  chunk: string,
  total: number,
): Promise<number> {
  return new Promise((resolve) => {
    const bytes = Buffer.from(chunk);
    let written = 0;
    res.on('close', () => resolve(written));
    res.writeHead(status, { 'Content-Type': contentType });
    res.write(head);
    const pump = () => {
      while (written < total && !res.destroyed) {
        written += bytes.length;
        if (!res.write(bytes)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
}

const text = 'word '.repeat(2000);
const sseEvent = `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'fake-model', choices: [{ index: 0, delta: { content: text } }] })}\n\n`;

let a: TestServer;
let b: TestServer;
let written: Promise<number>;

beforeAll(async () => {
  a = await startServer('127.0.0.1');
  b = await startServer('127.0.0.2');
});
afterAll(async () => {
  await a.close();
  await b.close();
});
beforeEach(() => {
  a.requests.length = 0;
  b.requests.length = 0;
  written = Promise.resolve(0);
});

async function llmError(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe('model server answers are read with a size cap', () => {
  it('stops an endless JSON answer at the cap with a clear error', async () => {
    a.handle = (res) => {
      written = endless(
        res,
        200,
        'application/json',
        '{"id":"c","choices":[{"index":0,"message":{"role":"assistant","content":"',
        text,
        ENDLESS,
      );
    };
    const error = await llmError(providerFor(`${a.url}/v1`).generateText({ prompt: 'Write.' }));
    expect(error.kind).toBe('bad_output');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/answer is larger than 10 MB; reading was stopped/);
    expect(await written).toBeLessThan(MAX_LLM_BODY_BYTES + SLACK);
    expect(a.requests).toHaveLength(1);
  });

  it('stops an endless event stream at the cap too', async () => {
    a.handle = (res) => {
      written = endless(res, 200, 'text/event-stream', '', sseEvent, ENDLESS);
    };
    const error = await llmError(providerFor(`${a.url}/v1`, { stream: true }).generateText({ prompt: 'Write.' }));
    expect(error.kind).toBe('bad_output');
    expect(error.message).toMatch(/larger than 10 MB/);
    expect(await written).toBeLessThan(MAX_LLM_BODY_BYTES + SLACK);
  });

  it('caps an endless error answer as well', async () => {
    a.handle = (res) => {
      written = endless(res, 500, 'application/json', '{"error":{"message":"', text, ENDLESS);
    };
    const error = await llmError(providerFor(`${a.url}/v1`).generateText({ prompt: 'Write.' }));
    expect(error.message).toMatch(/larger than 10 MB/);
    expect(await written).toBeLessThan(MAX_LLM_BODY_BYTES + SLACK);
  });
});

describe('the API key goes only to the configured base URL', () => {
  it.each([
    ['anthropic', 'x-api-key'],
    ['openai-compatible', 'authorization'],
  ] as const)('a redirect from the %s server is reported, not followed with the key (%s)', async (provider, header) => {
    a.handle = (res) => {
      res.writeHead(307, { Location: `${b.url}/v1/stolen?x=1` });
      res.end();
    };
    const error = await llmError(
      providerFor(`${a.url}/v1`, { provider, apiKey: 'sk-secret-key' }).generateText({ prompt: 'Write.' }),
    );
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain(`answered with a redirect (HTTP 307) to ${b.url}/v1/stolen`);
    expect(a.requests[0]?.headers[header]).toContain('sk-secret-key');
    expect(b.requests).toEqual([]);
  });
});
