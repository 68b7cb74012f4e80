import fs from 'node:fs';
import path from 'node:path';
import { htmlSections } from '../../src/lib/html/html-text.js';
import {
  bestCategoryIn,
  fitsTopicsIn,
  relatedIn,
  similarIn,
} from '../../src/modules/site-knowledge/knowledge-queries.js';
import type { KnowledgeParameters } from '../../src/modules/site-knowledge/parameters.js';
import { SiteIndex } from '../../src/modules/site-knowledge/site-index.js';
import { embeddingText } from '../../src/modules/site-knowledge/site-knowledge.service.js';
import type { BackgroundFrequencies } from '../../src/modules/site-knowledge/term-vectors.js';

/*
 * The labelled understanding set (bench/understanding/dataset/, format in its README) read into
 * site indexes and scored: duplicate precision and recall, link precision and recall at 3, trend
 * and category accuracy. Used by the bench on the real set and by the unit tests on a fixture.
 */

export interface DatasetSite {
  id: string;
  name: string;
  url: string;
  categories: Array<{ id: number; name: string }>;
}
export interface DatasetPost {
  id: string;
  site: string;
  title: string;
  slug: string;
  category: number;
  tags: string[];
  published_at: string;
  html: string;
}
export interface DuplicateCase {
  id: string;
  site: string;
  title: string;
  summary: string;
  duplicate_of: string | null;
}
export interface LinkCase {
  id: string;
  site: string;
  title: string;
  html: string;
  relevant: string[];
}
export interface TrendCase {
  id: string;
  title: string;
  description: string;
  topics: string[];
  site: string;
  fits: boolean;
}
export interface CategoryCase {
  id: string;
  site: string;
  title: string;
  html: string;
  category: number;
}
export interface Dataset {
  sites: DatasetSite[];
  posts: DatasetPost[];
  duplicates: DuplicateCase[];
  links: LinkCase[];
  trends: TrendCase[];
  categories: CategoryCase[];
}

const jsonl = <T>(file: string): T[] =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as T)
    : [];

export function loadDataset(dir: string): Dataset {
  return {
    sites: JSON.parse(fs.readFileSync(path.join(dir, 'sites.json'), 'utf8')) as DatasetSite[],
    posts: jsonl<DatasetPost>(path.join(dir, 'posts.jsonl')),
    duplicates: jsonl<DuplicateCase>(path.join(dir, 'cases', 'duplicates.jsonl')),
    links: jsonl<LinkCase>(path.join(dir, 'cases', 'links.jsonl')),
    trends: jsonl<TrendCase>(path.join(dir, 'cases', 'trends.jsonl')),
    categories: jsonl<CategoryCase>(path.join(dir, 'cases', 'categories.jsonl')),
  };
}

/**
 * The set's posts and duplicate cases as one site of every subject (the other cases left out): how
 * the duplicate check does where one site's IDF spans five subjects, and what a single real
 * WordPress seeded with the whole set holds.
 */
export function asOneSite(dataset: Dataset): Dataset {
  return {
    sites: [{ id: 'all', name: 'All subjects', url: 'https://all.example', categories: [] }],
    posts: dataset.posts.map((post) => ({ ...post, site: 'all' })),
    duplicates: dataset.duplicates.map((c) => ({ ...c, site: 'all' })),
    links: [],
    trends: [],
    categories: [],
  };
}

/** The index key of a dataset post (its id stands in for the WordPress id). */
export const keyOf = (postId: string) => `post:${postId}`;
const postIdOf = (key: string) => key.slice('post:'.length);

/** Numeric site ids: the sites' order in sites.json, from 1. */
export function siteNumbers(dataset: Dataset): Map<string, number> {
  return new Map(dataset.sites.map((site, i) => [site.id, i + 1]));
}

/** The text each post is embedded from (the same as the service's). */
export function postEmbeddingText(post: DatasetPost): string {
  const sections = htmlSections(post.html);
  return embeddingText({ title: post.title, headings: sections.headings, body: sections.body });
}

/** One index per site; `vectors` (by post id) are added when given. */
export function buildIndexes(
  dataset: Dataset,
  parameters: KnowledgeParameters,
  vectors?: ReadonlyMap<string, ArrayLike<number>>,
  background: BackgroundFrequencies | null = null,
): Map<string, SiteIndex> {
  const numbers = siteNumbers(dataset);
  const indexes = new Map<string, SiteIndex>();
  for (const site of dataset.sites) indexes.set(site.id, new SiteIndex(numbers.get(site.id)!, parameters, background));
  for (const post of dataset.posts) {
    const index = indexes.get(post.site);
    if (!index) continue;
    const sections = htmlSections(post.html);
    index.upsert({
      key: keyOf(post.id),
      siteId: index.siteId,
      kind: 'post',
      title: post.title,
      link: `https://${post.site}.example/${post.slug}/`,
      categoryIds: [post.category],
      headings: sections.headings,
      body: sections.body,
    });
    const vector = vectors?.get(post.id);
    if (vector) index.setVector(keyOf(post.id), vector);
  }
  return indexes;
}

/** Query embeddings by case id (hybrid evaluation); absent: lexical. */
export type QueryVectors = ReadonlyMap<string, ArrayLike<number>>;

/** The texts each case is embedded from, by case id (what the service would embed for it). */
export function caseQueryTexts(dataset: Dataset): Map<string, string> {
  const texts = new Map<string, string>();
  const ofHtml = (title: string, html: string) => {
    const sections = htmlSections(html);
    return embeddingText({ title, headings: sections.headings, body: sections.body });
  };
  for (const c of dataset.duplicates) texts.set(c.id, embeddingText({ title: c.title, headings: [], body: c.summary }));
  for (const c of dataset.links) texts.set(c.id, ofHtml(c.title, c.html));
  for (const c of dataset.trends) texts.set(c.id, embeddingText({ title: c.title, headings: [], body: c.description }));
  for (const c of dataset.categories) texts.set(c.id, ofHtml(c.title, c.html));
  return texts;
}

export interface DuplicateOutcome {
  id: string;
  expected: string | null;
  /** The best candidate across every site and its score. */
  top: string | null;
  score: number;
}

export interface Figures {
  duplicates: { precision: number; recall: number; outcomes: DuplicateOutcome[] };
  links: { precisionAt3: number; recallAt3: number; returned: number; misses: string[] };
  trends: {
    accuracy: number;
    misses: string[];
    /** Each case's scores (the bench refits the thresholds on other sites' cases). */
    outcomes: Array<{ id: string; fits: boolean; score: number; siteScore: number | null; topicScore: number }>;
  };
  categories: { accuracy: number; undecided: number; misses: string[] };
}

/** Precision and recall of "the best candidate, when it scores at least `threshold`". */
export function duplicateScores(
  outcomes: readonly DuplicateOutcome[],
  threshold: number,
): { precision: number; recall: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const o of outcomes) {
    const predicted = o.top !== null && o.score >= threshold ? o.top : null;
    if (predicted !== null && predicted === o.expected) tp++;
    else {
      if (predicted !== null) fp++;
      if (o.expected !== null) fn++;
    }
  }
  return { precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn) };
}

/** Thresholds from 0.10 to 0.90: the one with the best F1, and the lowest with precision ≥ 0.9. */
export function sweepDuplicates(outcomes: readonly DuplicateOutcome[]) {
  let bestF1 = { threshold: 0, precision: 0, recall: 0, f1: -1 };
  let precise: { threshold: number; precision: number; recall: number } | null = null;
  for (let t = 0.1; t <= 0.9001; t += 0.01) {
    const { precision, recall } = duplicateScores(outcomes, t);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    if (f1 > bestF1.f1) bestF1 = { threshold: t, precision, recall, f1 };
    if (!precise && precision >= 0.9) precise = { threshold: t, precision, recall };
  }
  return { bestF1, firstWithPrecision90: precise };
}

/** Runs every case of the set against the indexes (with query vectors for the hybrid path). */
export function evaluate(
  dataset: Dataset,
  indexes: ReadonlyMap<string, SiteIndex>,
  parameters: KnowledgeParameters,
  queryVectors?: QueryVectors,
  options: { threshold?: number } = {},
): Figures {
  const all = [...indexes.values()];
  const vectorOf = (id: string) => queryVectors?.get(id) ?? null;
  const hybrid = queryVectors !== undefined && queryVectors.size > 0;

  const outcomes: DuplicateOutcome[] = dataset.duplicates.map((c) => {
    // The case's own site first (as the service is asked: the article's site, then the others).
    const own = indexes.get(c.site);
    const ordered = own ? [own, ...all.filter((index) => index !== own)] : all;
    const [best] = similarIn(ordered, { title: c.title, body: c.summary, vector: vectorOf(c.id) }, 1, parameters);
    return { id: c.id, expected: c.duplicate_of, top: best ? postIdOf(best.doc.key) : null, score: best?.score ?? 0 };
  });
  const threshold =
    options.threshold ?? (hybrid ? parameters.duplicate.hybridThreshold : parameters.duplicate.threshold);

  let hits = 0;
  let returned = 0;
  let recallSum = 0;
  const linkMisses: string[] = [];
  for (const c of dataset.links) {
    const index = indexes.get(c.site);
    if (!index) continue;
    const sections = htmlSections(c.html);
    const chosen = relatedIn(
      index,
      { title: c.title, headings: sections.headings, body: sections.body, vector: vectorOf(c.id) },
      3,
      parameters,
    ).map((doc) => postIdOf(doc.doc.key));
    const good = chosen.filter((id) => c.relevant.includes(id)).length;
    hits += good;
    returned += chosen.length;
    recallSum += c.relevant.length === 0 ? 1 : good / Math.min(3, c.relevant.length);
    if (good < chosen.length || chosen.length === 0) linkMisses.push(c.id);
  }

  let trendRight = 0;
  const trendMisses: string[] = [];
  const trendOutcomes: Figures['trends']['outcomes'] = [];
  for (const c of dataset.trends) {
    const fit = fitsTopicsIn(
      indexes.get(c.site) ?? null,
      c.topics,
      { title: c.title, description: c.description },
      parameters,
      vectorOf(c.id),
    );
    trendOutcomes.push({
      id: c.id,
      fits: c.fits,
      score: fit.score,
      siteScore: fit.siteScore,
      topicScore: fit.topicScore,
    });
    if (fit.fits === c.fits) trendRight++;
    else trendMisses.push(c.id);
  }

  let categoryRight = 0;
  let undecided = 0;
  const categoryMisses: string[] = [];
  for (const c of dataset.categories) {
    const index = indexes.get(c.site);
    if (!index) continue;
    const sections = htmlSections(c.html);
    const choice = bestCategoryIn(
      index,
      { title: c.title, headings: sections.headings, body: sections.body, vector: vectorOf(c.id) },
      parameters,
      dataset.sites.find((site) => site.id === c.site)?.categories,
    );
    if (choice.categoryId === null) undecided++;
    if (choice.categoryId === c.category) categoryRight++;
    else categoryMisses.push(c.id);
  }

  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    duplicates: { ...duplicateScores(outcomes, threshold), outcomes },
    links: {
      precisionAt3: ratio(hits, returned),
      recallAt3: ratio(recallSum, dataset.links.length),
      returned,
      misses: linkMisses,
    },
    trends: { accuracy: ratio(trendRight, dataset.trends.length), misses: trendMisses, outcomes: trendOutcomes },
    categories: {
      accuracy: ratio(categoryRight, dataset.categories.length),
      undecided,
      misses: categoryMisses,
    },
  };
}
