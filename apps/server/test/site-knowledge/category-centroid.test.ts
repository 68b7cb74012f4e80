import { describe, expect, it } from 'vitest';
import { categoryVote } from '../../src/modules/site-knowledge/judgements.js';
import { KNOWLEDGE_PARAMETERS as P, withParameters } from '../../src/modules/site-knowledge/parameters.js';
import { type ScoredDoc, SiteIndex } from '../../src/modules/site-knowledge/site-index.js';

const near = (key: string, score: number, category: number): ScoredDoc => ({
  doc: { key, siteId: 1, kind: 'post', title: key, link: `https://x.example/${key}`, categoryIds: [category] },
  score,
  lexical: score,
  title: score,
  vector: null,
});

describe('categories by the whole category as well as the nearest posts', () => {
  // The one post nearest the article (by its title words) is in "Containers" (1); the article as a
  // whole is far closer to everything "Pests" (2) holds than to "Containers".
  const neighbours = [near('pots', 0.4, 1), near('slugs', 0.12, 2), near('aphids', 0.1, 2), near('boxes', 0.1, 1)];
  const centroids = new Map([
    [1, 0.1],
    [2, 0.3],
  ]);

  it('the category the article is closest to as a whole wins over one near post', () => {
    expect(categoryVote(neighbours, P.category, undefined, undefined, centroids).categoryId).toBe(2);
  });

  it('by the nearest posts alone (centroid weight 0) the near post decides', () => {
    const alone = withParameters({ category: { centroidWeight: 0 } }).category;
    expect(categoryVote(neighbours, alone, undefined, undefined, centroids).categoryId).toBe(1);
    expect(categoryVote(neighbours, P.category).categoryId).toBe(1);
  });
});

describe('the categories’ summed profiles', () => {
  const post = (key: string, title: string, category: number) => ({
    key,
    siteId: 1,
    kind: 'post' as const,
    title,
    link: `https://x.example/${key}`,
    categoryIds: [category],
    headings: [],
    body: title,
  });

  it('follow the documents: a post added or removed changes its category’s cosine at once', () => {
    const index = new SiteIndex(1, P);
    index.upsert(post('post:1', 'Pruning raspberry canes', 1));
    index.upsert(post('post:2', 'Slugs eating lettuce seedlings', 2));
    const query = { title: 'Vine weevil grubs in pots' };
    expect(index.categoryCosines(query).get(2) ?? 0).toBe(0);
    index.upsert(post('post:3', 'Vine weevil grubs eat roots', 2));
    expect(index.categoryCosines(query).get(2)).toBeGreaterThan(0);
    index.remove('post:3');
    expect(index.categoryCosines(query).get(2) ?? 0).toBe(0);
  });
});
