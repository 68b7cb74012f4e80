import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlSections } from '../../src/lib/html/html-text.js';
import { categoryVote, chooseRelated, topicFit } from '../../src/modules/site-knowledge/judgements.js';
import {
  bestCategoryIn,
  fitsTopicsIn,
  relatedIn,
  similarIn,
} from '../../src/modules/site-knowledge/knowledge-queries.js';
import { KNOWLEDGE_PARAMETERS as P } from '../../src/modules/site-knowledge/parameters.js';
import type { ScoredDoc } from '../../src/modules/site-knowledge/site-index.js';
import { buildIndexes, keyOf, loadDataset } from './understanding-eval.js';

const fixture = loadDataset(path.join(import.meta.dirname, 'fixture'));
const indexes = buildIndexes(fixture, P);
const all = [...indexes.values()];
const garden = indexes.get('garden')!;
const kitchen = indexes.get('kitchen')!;
const dup = (id: string) => fixture.duplicates.find((c) => c.id === id)!;

const scored = (key: string, score: number, categoryIds: number[] = []): ScoredDoc => ({
  doc: { key, siteId: 1, kind: 'post', title: key, link: `https://x.example/${key}`, categoryIds },
  score,
  lexical: score,
  title: score,
  vector: null,
});

describe('duplicate subjects', () => {
  it('finds the post a reworded title repeats, with a duplicate verdict', () => {
    const c = dup('dup-001'); // "Tomato blight: how to prevent it"
    const [best] = similarIn(all, { title: c.title, body: c.summary }, 3, P);
    expect(best?.doc.key).toBe(keyOf('garden-002'));
    expect(best?.duplicate).toBe(true);
  });

  it('finds a duplicate on another of the sites', () => {
    const c = dup('dup-006'); // quick fridge pickles, asked on the garden site; the kitchen site has it
    const [best] = similarIn(all, { title: c.title, body: c.summary }, 3, P);
    expect(best?.doc.key).toBe(keyOf('kitchen-003'));
    expect(best?.duplicate).toBe(true);
  });

  it('does not call a different angle on a covered vegetable a duplicate', () => {
    for (const id of ['dup-007', 'dup-008', 'dup-010']) {
      const c = dup(id);
      const [best] = similarIn(all, { title: c.title, body: c.summary }, 3, P);
      expect(best?.duplicate, `${id}: ${best?.doc.title} ${best?.score}`).toBe(false);
    }
  });

  it('excludes the article’s own document', () => {
    const c = dup('dup-001');
    const results = similarIn(all, { title: c.title, body: c.summary }, 3, P, new Set([`1:${keyOf('garden-002')}`]));
    expect(results.map((r) => r.doc.key)).not.toContain(keyOf('garden-002'));
  });
});

describe('internal links', () => {
  it('links an article about tomato seed to the site’s tomato posts, singular or plural', () => {
    const c = fixture.links.find((l) => l.id === 'link-001')!;
    const sections = htmlSections(c.html);
    const chosen = relatedIn(garden, { title: c.title, ...sections }, 3, P).map((d) => d.doc.key);
    expect(chosen.length).toBeGreaterThan(0);
    for (const key of chosen) expect(c.relevant.map(keyOf)).toContain(key);
  });

  it('keeps the second-best only while it is close to the best', () => {
    const chosen = chooseRelated([scored('a', 0.6), scored('b', 0.5), scored('c', 0.2)], P.related, 3);
    expect(chosen.map((d) => d.doc.key)).toEqual(['a', 'b']);
    expect(chooseRelated([scored('a', 0.05)], P.related, 3)).toEqual([]);
  });
});

describe('trend relevance without a model', () => {
  it('takes a two-word topic by its strong word, and leaves out news that only shares it', () => {
    const item = (id: string) => fixture.trends.find((t) => t.id === id)!;
    const fit = (t: { title: string; description: string; topics: string[] }) =>
      fitsTopicsIn(garden, t.topics, { title: t.title, description: t.description }, P);
    const prices = fit(item('trend-002')); // supermarket tomato prices, topic "tomato gardening"
    const containers = fit(item('trend-001')); // tomato varieties for containers
    expect(prices.topicScore).toBeGreaterThan(0);
    expect(prices.fits).toBe(false);
    // The site uses more of the containers item's other words than of the price news'.
    expect(containers.siteScore).toBeGreaterThan(prices.siteScore!);
    // An item in the site's own words fits a topic it names only in part ("tomato", not "gardening").
    const inSiteWords = fit({
      title: 'Tomato varieties that ripen early in a cool summer',
      description: 'Cherry tomatoes and plum varieties to sow in March and plant out after the last frost.',
      topics: ['tomato gardening'],
    });
    expect(inSiteWords).toMatchObject({ fits: true, topic: 'tomato gardening' });
  });

  it('needs no site: any strong topic word in the title, weighted', () => {
    const fit = topicFit(['tomato gardening'], { title: 'Best tomato varieties for containers' }, P.trend, null);
    expect(fit.topicScore).toBeGreaterThan(0);
    expect(fit.topic).toBe('tomato gardening');
    expect(topicFit(['cycling'], { title: 'Best tomato varieties' }, P.trend, null).fits).toBe(false);
  });
});

describe('categories from content', () => {
  it('chooses the category whose posts are nearest', () => {
    const c = fixture.categories.find((x) => x.id === 'cat-001')!; // courgettes → Vegetables
    const choice = bestCategoryIn(garden, { title: c.title, ...htmlSections(c.html) }, P);
    expect(choice.categoryId).toBe(c.category);
    const tin = fixture.categories.find((x) => x.id === 'cat-003')!; // loaf tins → Cookware
    expect(bestCategoryIn(kitchen, { title: tin.title, ...htmlSections(tin.html) }, P).categoryId).toBe(1);
  });

  it('leaves the choice open when the nearest posts are far or split', () => {
    expect(categoryVote([scored('a', 0.01, [1])], P.category).categoryId).toBeNull();
    const split = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5].map((category, i) => scored(`p${i}`, 0.3, [category]));
    expect(categoryVote(split, P.category).categoryId).toBeNull();
    expect(
      categoryVote([scored('a', 0.4, [2]), scored('b', 0.3, [2]), scored('c', 0.1, [1])], P.category),
    ).toMatchObject({ categoryId: 2 });
  });
});
