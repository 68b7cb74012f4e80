import { describe, expect, it } from 'vitest';
import { stem } from '../../src/modules/site-knowledge/analyzer.js';
import { similarIn } from '../../src/modules/site-knowledge/knowledge-queries.js';
import { KNOWLEDGE_PARAMETERS as P, withParameters } from '../../src/modules/site-knowledge/parameters.js';
import { SiteIndex } from '../../src/modules/site-knowledge/site-index.js';
import { bagOf, coverage, TermStats, weightedQuery } from '../../src/modules/site-knowledge/term-vectors.js';

// A duplicate is a subject an existing post already covers. A one-line topic against a long post:
// the cosine falls with every other word the post says, how much of the topic the post has does not.

const filler = [
  'Bread flour, water, salt and a little honey go into the bowl first.',
  'Knead for ten minutes until the dough is smooth, then leave it covered somewhere warm.',
  'A cast iron pot with a lid gives the crust its colour; preheat it for half an hour.',
  'Slash the top with a sharp blade, bake covered, then uncovered until it sounds hollow.',
  'Leave it on a rack for an hour before cutting, however good it smells.',
];

function kitchen(): SiteIndex {
  const index = new SiteIndex(1, P);
  const posts: Array<[string, string]> = [
    // The post the topic repeats: its subject is a few of its many words.
    [
      'Why is my homemade bread so dense?',
      [
        'A dense, heavy loaf usually means under-proofing: the dough needed longer to rise.',
        'Weak gluten from too little kneading, dead yeast and too much flour do the same.',
        ...filler,
      ].join(' '),
    ],
    ['Shortcrust pastry by hand', 'Cold butter rubbed into flour, a little water, and a rest in the fridge.'],
    ['Making stock from kitchen scraps', 'Onion skins, carrot ends and bones simmered for three hours.'],
    ['Quick pickled red onions', 'Sliced onions in vinegar, sugar and salt, ready in an hour.'],
    ['Roasting a chicken', 'A hot oven, a dry skin and a rest before carving.'],
  ];
  posts.forEach(([title, body], i) =>
    index.upsert({
      key: `post:${i + 1}`,
      siteId: 1,
      kind: 'post',
      title,
      link: `https://kitchen.example/${i + 1}/`,
      categoryIds: [1],
      headings: [],
      body,
    }),
  );
  return index;
}

const topic = {
  title: 'When homemade bread comes out dense',
  body: 'Under-proofing, weak gluten, dead yeast and too much flour.',
};

describe('duplicate subjects by coverage', () => {
  it('calls a long post that has every telling word of a short topic a duplicate', () => {
    const [best] = similarIn([kitchen()], topic, 3, P);
    expect(best?.doc.title).toBe('Why is my homemade bread so dense?');
    expect(best?.duplicate, `score ${best?.score}`).toBe(true);
  });

  it('is what the coverage gives: the cosine alone leaves the same post below the threshold', () => {
    const [best] = similarIn([kitchen()], topic, 3, withParameters({ duplicate: { coverageShare: 0 } }));
    expect(best?.doc.title).toBe('Why is my homemade bread so dense?');
    expect(best?.duplicate, `score ${best?.score}`).toBe(false);
  });

  it('does not call a post that shares only some everyday words a duplicate', () => {
    const results = similarIn([kitchen()], { title: 'Pickled onions for a quick lunch', body: '' }, 5, P);
    const pastry = results.find((r) => r.doc.title === 'Shortcrust pastry by hand');
    expect(pastry?.duplicate ?? false).toBe(false);
    const bread = results.find((r) => r.doc.title === 'Why is my homemade bread so dense?');
    expect(bread?.duplicate ?? false).toBe(false);
  });
});

describe('coverage', () => {
  const stats = new TermStats();
  const profile = (...words: string[]) => ({
    ids: Uint32Array.from(words.map((word) => stats.idOf(stem(word)))),
    weights: Float32Array.from(words.map(() => 1)),
  });
  // Every term known, so each query term weighs its (equal) IDF.
  const all = profile('dense', 'loaves', 'yeast', 'flour');
  stats.add(all.ids);

  it('is the weighted share of the query the profile has, 0 to 1', () => {
    const query = weightedQuery(bagOf('dense loaves, yeast'), stats);
    expect(coverage(query, all)).toBeCloseTo(1);
    expect(coverage(query, profile('dense'))).toBeCloseTo(1 / 3);
    expect(coverage(query, profile('butter'))).toBe(0);
  });

  it('counts a query word the site has never used as not covered', () => {
    const query = weightedQuery(bagOf('dense sourdough'), stats);
    expect(coverage(query, all)).toBeGreaterThan(0);
    expect(coverage(query, all)).toBeLessThan(1);
  });

  it('is 0 for a query with no terms', () => {
    expect(coverage(weightedQuery(bagOf('the and of'), stats), all)).toBe(0);
  });
});
