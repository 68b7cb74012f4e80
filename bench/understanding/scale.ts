import v8 from 'node:v8';
import vm from 'node:vm';
import { htmlSections } from '../../apps/server/src/lib/html/html-text.js';
import { englishFrequencies } from '../../apps/server/src/modules/site-knowledge/english-frequencies.js';
import { relatedIn, similarIn } from '../../apps/server/src/modules/site-knowledge/knowledge-queries.js';
import type { KnowledgeParameters } from '../../apps/server/src/modules/site-knowledge/parameters.js';
import { SiteIndex } from '../../apps/server/src/modules/site-knowledge/site-index.js';
import type { Dataset } from '../../apps/server/test/site-knowledge/understanding-eval.js';

/*
 * Index and query at scale: SITES sites × POSTS synthetic posts made of the labelled set's own
 * sentences (reshuffled, so the vocabulary and the lengths are a real site's), with and without
 * VECTOR_DIMENSIONS-dimension embeddings.
 */

const SITES = Number(process.env.SCALE_SITES ?? 20);
const POSTS = 5_000;
const VECTOR_DIMENSIONS = 256;
const QUERIES = 200;

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

function random(seed: number) {
  let x = seed + 0x6d2b79f5;
  return () => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};

export async function measureScale(dataset: Dataset, parameters: KnowledgeParameters) {
  const sentences: string[] = [];
  const titles: string[] = [];
  const headings: string[] = [];
  for (const post of dataset.posts) {
    const sections = htmlSections(post.html);
    sentences.push(...sections.body.split(/(?<=[.!?])\s+/).filter((s) => s.length > 20));
    headings.push(...sections.headings);
    titles.push(post.title);
  }
  const next = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  // A real site of 5,000 posts has tens of thousands of distinct words, most of them rare (Zipf):
  // each synthetic post gets its own subject from a vocabulary of 40,000 made-up words, said in
  // its title and a few times in its body, among the labelled set's own sentences.
  const syllables = 'ba ce di fo gu ha je ki lo mu na pe ri so tu va we xi yo za'.split(' ');
  const vocabulary = Array.from({ length: 40_000 }, (_, i) => {
    let word = '';
    for (let n = i + 401; n > 0; n = Math.floor(n / 20)) word += syllables[n % 20];
    return word;
  });
  const zipf = () => vocabulary[Math.floor(vocabulary.length ** next()) - 1]!;
  const synthetic = () => {
    const subject = [zipf(), zipf(), zipf()];
    const body = Array.from({ length: 18 + Math.floor(next() * 12) }, (_, i) =>
      i % 3 === 0 ? `${pick(sentences)} ${pick(subject)} ${zipf()} ${zipf()}.` : pick(sentences),
    ).join(' ');
    return {
      title: `${subject.slice(0, 2).join(' ')} ${pick(titles)}`.slice(0, 120),
      headings: [`${pick(headings)} ${subject[2]}`, pick(headings), pick(headings)],
      body,
    };
  };

  gc();
  const before = process.memoryUsage();
  const built = performance.now();
  const indexes: SiteIndex[] = [];
  for (let s = 1; s <= SITES; s++) {
    const index = new SiteIndex(s, parameters, englishFrequencies());
    for (let i = 1; i <= POSTS; i++) {
      const doc = synthetic();
      index.upsert({
        key: `post:${i}`,
        siteId: s,
        kind: 'post',
        link: `https://s${s}.example/${i}`,
        categoryIds: [1 + (i % 6)],
        ...doc,
      });
    }
    indexes.push(index);
  }
  const buildSeconds = (performance.now() - built) / 1000;
  gc();
  const lexical = process.memoryUsage();
  const vectors = performance.now();
  for (const index of indexes)
    for (let i = 1; i <= POSTS; i++)
      index.setVector(
        `post:${i}`,
        Float32Array.from({ length: VECTOR_DIMENSIONS }, () => next() - 0.5),
      );
  const vectorSeconds = (performance.now() - vectors) / 1000;
  gc();
  const hybrid = process.memoryUsage();

  const queryVector = () => Float32Array.from({ length: VECTOR_DIMENSIONS }, () => next() - 0.5);
  const time = (work: () => unknown) => {
    const t0 = performance.now();
    work();
    return performance.now() - t0;
  };
  const related: number[] = [];
  const relatedHybrid: number[] = [];
  const similarAll: number[] = [];
  const similarAllHybrid: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const article = synthetic();
    const index = pick(indexes);
    related.push(time(() => relatedIn(index, article, 3, parameters)));
    relatedHybrid.push(time(() => relatedIn(index, { ...article, vector: queryVector() }, 3, parameters)));
    const subject = { title: article.title, body: article.body.slice(0, 300) };
    if (q % 4 === 0) {
      similarAll.push(time(() => similarIn(indexes, subject, 5, parameters)));
      similarAllHybrid.push(time(() => similarIn(indexes, { ...subject, vector: queryVector() }, 5, parameters)));
    }
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const ms = (values: number[]) => `${percentile(values, 0.5).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)} ms`;
  return {
    [`build: ${SITES} sites × ${POSTS.toLocaleString('en-US')} posts`]: `${buildSeconds.toFixed(1)} s (${((buildSeconds * 1e6) / (SITES * POSTS)).toFixed(0)} µs a post)`,
    'memory after building (lexical): heap / RSS': `${mb(lexical.heapUsed - before.heapUsed)} more heap / ${mb(lexical.rss)} RSS`,
    [`+ ${VECTOR_DIMENSIONS}-dim vectors for every post`]: `${mb(hybrid.heapUsed + hybrid.arrayBuffers - lexical.heapUsed - lexical.arrayBuffers)} more / ${mb(hybrid.rss)} RSS (${vectorSeconds.toFixed(1)} s)`,
    'related(site, article, 3) p50 / p95': ms(related),
    'related, hybrid p50 / p95': ms(relatedHybrid),
    [`similar(all ${SITES} sites, subject) p50 / p95`]: ms(similarAll),
    'similar, all sites, hybrid p50 / p95': ms(similarAllHybrid),
    'vocabulary of one site (terms)': indexes[0]!.termStats.vocabulary.toLocaleString('en-US'),
  };
}
