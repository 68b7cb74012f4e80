import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyze } from '../../src/modules/site-knowledge/analyzer.js';
import { closeServer, readBody } from '../llm/fake-http.js';

/*
 * A local server speaking OpenAI's embeddings protocol (POST /v1/embeddings: model, input[] →
 * data[{index, embedding}], usage.prompt_tokens), on 127.0.0.1. Its vectors hash each analysed
 * term into DIMENSIONS buckets: texts sharing words get close vectors, which is enough to test
 * the mechanics (batches, metering, storage, hybrid ranking), not semantics.
 */

export const FAKE_EMBEDDING_DIMENSIONS = 64;

export interface FakeEmbeddingsServer {
  baseUrl: string;
  /** Every text asked for, in order. */
  texts: string[];
  calls: number;
  /** Make the next answers fail with this status (null: answer). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export function fakeVector(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector: number[] = new Array<number>(dimensions).fill(0);
  for (const term of analyze(text)) {
    const hash = createHash('sha1').update(term).digest();
    vector[hash.readUInt32BE(0) % dimensions]! += (hash[4]! & 1) === 1 ? 1 : -1;
  }
  if (!vector.some((value) => value !== 0)) vector[0] = 1;
  return vector;
}

export async function startFakeEmbeddingsServer(
  vectorOf: (text: string) => number[] = (text) => fakeVector(text),
): Promise<FakeEmbeddingsServer> {
  const texts: string[] = [];
  let calls = 0;
  let failure: number | null = null;
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    calls++;
    if (failure !== null) {
      response.writeHead(failure, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      return;
    }
    const { input } = JSON.parse(body) as { model: string; input: string | string[] };
    const inputs = Array.isArray(input) ? input : [input];
    texts.push(...inputs);
    const tokens = inputs.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
        model: 'fake-embed',
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    texts,
    get calls() {
      return calls;
    },
    failWith(status) {
      failure = status;
    },
    close: () => closeServer(server),
  };
}
