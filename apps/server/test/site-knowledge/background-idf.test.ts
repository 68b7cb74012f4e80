import { describe, expect, it } from 'vitest';
import { stem } from '../../src/modules/site-knowledge/analyzer.js';
import { similarIn } from '../../src/modules/site-knowledge/knowledge-queries.js';
import { KNOWLEDGE_PARAMETERS as P, withParameters } from '../../src/modules/site-knowledge/parameters.js';
import { SiteIndex } from '../../src/modules/site-knowledge/site-index.js';
import type { BackgroundFrequencies } from '../../src/modules/site-knowledge/term-vectors.js';

// A small site where "growing" and "zucchini" are each in two posts: by its own IDF they weigh the
// same. General English knows "growing" is common and "zucchini" is not.
const english = ['the', 'growing', 'home', 'garden', 'water', 'plant', 'bag', 'tub', 'zucchini', 'glut'];
const background: BackgroundFrequencies = {
  rankOf: (term) => {
    const rank = english.findIndex((word) => stem(word) === term);
    // The first words are common (ranks 0–40), the rest rare.
    return rank < 0 ? undefined : rank < 6 ? rank * 8 : 40_000 + rank;
  },
  unknownRank: 150_000,
};

function site(withBackground: boolean): SiteIndex {
  const index = new SiteIndex(1, P, withBackground ? background : null);
  const posts = [
    ['Growing potatoes in bags', 'Potatoes grow well in bags and tubs on a patio.'],
    ['Growing onions from sets', 'Onion sets are pushed into firm soil in spring.'],
    ['Zucchini glut: what to do', 'Zucchini fritters and soup use up a glut.'],
    ['Zucchini in a cold frame', 'An early zucchini under glass in April.'],
    ['Watering in a drought', 'Water the roots in the evening, not the leaves.'],
    ['Mulching the beds', 'A layer of compost keeps the soil moist.'],
  ];
  posts.forEach(([title, body], i) =>
    index.upsert({
      key: `post:${i + 1}`,
      siteId: 1,
      kind: 'post',
      title: title!,
      link: `https://garden.example/${i + 1}/`,
      categoryIds: [1],
      headings: [],
      body: body!,
    }),
  );
  return index;
}

describe('background IDF', () => {
  const query = { title: 'Growing zucchini in tubs', body: '' };

  it('weighs a word that is common in English less than a rare one the site uses as often', () => {
    // On the cosine alone: the coverage part weighs "tubs" (as rare as "zucchini" in this list,
    // and in the potato post) as much as the vegetable, which is not what this test is about.
    const cosine = withParameters({ duplicate: { coverageShare: 0 } });
    const [best] = similarIn([site(true)], query, 3, cosine);
    expect(best?.doc.title).toMatch(/^Zucchini/);
    const scores = similarIn([site(true)], query, 6, cosine);
    const zucchini = Math.max(...scores.filter((s) => /Zucchini/.test(s.doc.title)).map((s) => s.score));
    const growing = Math.max(...scores.filter((s) => /^Growing/.test(s.doc.title)).map((s) => s.score));
    expect(zucchini).toBeGreaterThan(growing);
  });

  it('changes nothing without a frequency list, or with its weight at 0', () => {
    const plain = similarIn([site(false)], query, 6, P).map((s) => [s.doc.key, s.score]);
    const off = similarIn([site(true)], query, 6, withParameters({ duplicate: { backgroundWeight: 0 } })).map((s) => [
      s.doc.key,
      s.score,
    ]);
    expect(off).toEqual(plain);
  });
});

describe('blended IDF kept with the index', () => {
  it('follows the site as documents come and go (its cache is per revision of the counts)', async () => {
    const { BlendedIdf, TermStats } = await import('../../src/modules/site-knowledge/term-vectors.js');
    const stats = new TermStats();
    const kept = new BlendedIdf(stats, background, 0.5, P.backgroundShare);
    const doc = (...words: string[]) => Uint32Array.from(words.map((word) => stats.idOf(stem(word))));
    const zucchini = stats.idOf(stem('zucchini'));
    stats.add(doc('zucchini', 'glut'));
    stats.add(doc('growing', 'home'));
    const early = kept.idfOf(zucchini);
    const later = doc('water', 'glut');
    stats.add(later);
    // A blend made now agrees with the kept one, and both moved with the counts.
    expect(kept.idfOf(zucchini)).toBeCloseTo(new BlendedIdf(stats, background, 0.5, P.backgroundShare).idfOf(zucchini));
    expect(kept.idfOf(zucchini)).not.toBeCloseTo(early);
    stats.remove(later);
    expect(kept.idfOf(zucchini)).toBeCloseTo(new BlendedIdf(stats, background, 0.5, P.backgroundShare).idfOf(zucchini));
    // A word the list does not have is as telling as the site's rarest term can be; a common one much less.
    expect(kept.idf(stem('saxophone'))).toBeGreaterThan(kept.idf(stem('the')));
  });
});

describe('the shipped English frequencies', () => {
  it('are in the repository and load (without them the server silently runs on site IDF alone)', async () => {
    const { englishFrequencies } = await import('../../src/modules/site-knowledge/english-frequencies.js');
    const english = englishFrequencies();
    expect(english).not.toBeNull();
    expect(english!.rankOf(stem('the'))).toBe(0);
    expect(english!.rankOf(stem('growing'))).toBeLessThan(english!.rankOf(stem('zucchini'))!);
    expect(english!.rankOf(stem('mwzo82zovhw8'))).toBeUndefined();
  });
});
