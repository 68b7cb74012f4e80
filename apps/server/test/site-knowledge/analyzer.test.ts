import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, stem } from '../../src/modules/site-knowledge/analyzer.js';
import { KNOWLEDGE_PARAMETERS } from '../../src/modules/site-knowledge/parameters.js';
import { buildIndexes, loadDataset } from './understanding-eval.js';

const fixture = loadDataset(path.join(import.meta.dirname, 'fixture'));

describe('site knowledge analyzer', () => {
  it('folds plurals and inflections into one term', () => {
    expect(analyze('Tomatoes')).toEqual(analyze('tomato'));
    expect(analyze('peppers')).toEqual(analyze('Pepper'));
    expect(analyze('berries')).toEqual(analyze('berry'));
    expect(analyze('gardening')).toEqual(analyze('garden'));
    expect(stem('growing')).toBe(stem('grows'));
  });

  it('drops stop words, possessives and punctuation; folds case and accents', () => {
    expect(analyze("How to grow the gardener's best tomatoes, and then some")).toEqual(
      ['grow', 'garden', 'best', 'tomato'].map(stem),
    );
    expect(analyze('Crème brûlée')).toEqual(analyze('creme brulee'));
    expect(analyze("don't it's")).toEqual([]);
  });

  it('reads a number stuck to letters as two words, and "%" as "percent"', () => {
    expect(analyze('the full 401k match')).toEqual(analyze('the full 401(k) match'));
    expect(analyze('401k')).toEqual(['401']);
    expect(analyze('Is the 4% rule safe?')).toEqual(analyze('Is the 4 percent rule safe?'));
  });

  it('weighs a word common on a site (IDF) below the word that names a post’s subject', () => {
    const garden = buildIndexes(fixture, KNOWLEDGE_PARAMETERS).get('garden')!;
    const idf = (word: string) => garden.termStats.idf(stem(word));
    // "tomato" is in three of the site's ten posts, "blight" in one; a word no post has weighs most.
    expect(idf('tomatoes')).toBeLessThan(idf('blight'));
    expect(idf('blight')).toBeLessThan(idf('saxophone'));
  });
});
