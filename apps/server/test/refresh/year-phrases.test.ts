import { describe, expect, it } from 'vitest';
import { median, REFRESH_WEIGHTS, scorePost } from '../../src/modules/refresh/scoring.js';
import { staleYearPhrases } from '../../src/modules/refresh/year-phrases.js';

const TODAY = new Date('2026-11-27T12:00:00Z');
const THIS_YEAR = new Date('2026-03-01T00:00:00Z');
const LAST_YEAR = new Date('2025-06-01T00:00:00Z');

// [text, last change, the stale phrase found (null: none)]
const TEXT_RULES: Array<[string, Date, string | null]> = [
  ['The best laptops in 2024 are light.', THIS_YEAR, 'best laptops in 2024'],
  ['Prices fell in 2024, our tests show.', THIS_YEAR, 'in 2024'],
  ['Our picks for 2025: three phones.', THIS_YEAR, 'for 2025'],
  ['The best budget phones of 2025, tested.', THIS_YEAR, 'best budget phones of 2025'],
  ['Top 10 tools 2024 for writers.', THIS_YEAR, 'Top 10 tools 2024'],
  ['Read our 2025 buyers guide first.', THIS_YEAR, '2025 buyers guide'],
  ['Prices as of 2024 are shown.', THIS_YEAR, 'as of 2024'],
  ['We cover it this year in depth.', LAST_YEAR, 'this year'],
  ["Next year's model will fold.", LAST_YEAR, "Next year's"],
  // Not stale: history, spans, the present and the future, old years, numbers that are not years.
  ['We have sold bikes since 2019.', THIS_YEAR, null],
  ['The shop was founded in 2010 by two sisters.', THIS_YEAR, null],
  ['The shop was founded in 2024 by two sisters.', THIS_YEAR, null],
  ['It was launched in 2025 after a long beta.', THIS_YEAR, null],
  ['Back in 2024 we tried it.', THIS_YEAR, null],
  ['From 2023 to 2025 prices rose.', THIS_YEAR, null],
  ['Prices rose in 2023–2025 across the board.', THIS_YEAR, null],
  ['The best phones in 2026 are fast.', THIS_YEAR, null],
  ['Plans for 2027 are ready.', THIS_YEAR, null],
  ['The crisis in 2008 changed banking.', THIS_YEAR, null],
  ['A list of 2024 items to pack.', THIS_YEAR, null],
  ['Order code 20245 ships today.', THIS_YEAR, null],
  ['We cover it this year in depth.', THIS_YEAR, null],
];

describe('year phrases no longer true (today 2026-11-27)', () => {
  it.each(TEXT_RULES)('%s (changed %s) → %s', (text, modifiedAt, expected) => {
    const found = staleYearPhrases({ title: 'A post', text, modifiedAt }, TODAY);
    expect(found.map((phrase) => phrase.phrase)).toEqual(expected === null ? [] : [expected]);
  });

  it.each([
    ['Best VPNs of 2025', true],
    ['2024 Guide to Composting', true],
    ['Our story since 2024', false],
    ['What happened in 2008', false],
    ['Gardening in 2026', false],
  ] as const)('title %s → stale %s', (title, stale) => {
    const found = staleYearPhrases({ title, text: '', modifiedAt: THIS_YEAR }, TODAY);
    expect(found.length > 0).toBe(stale);
  });
});

describe('refresh score: the weights of the reasons, at most 100', () => {
  const site = { posts: 10, medianWords: 1000 };
  const base = {
    wpId: 1,
    title: 'A post',
    text: 'Nothing dated here.',
    modifiedAt: new Date('2026-10-01T00:00:00Z'),
    publishedAt: new Date('2026-10-01T00:00:00Z'),
    words: 900,
    linksIn: 2,
    deadLinks: [],
    newerPost: null,
  };

  it('a fresh, linked, full post scores 0 with no reason', () => {
    expect(scorePost(base, site, TODAY)).toEqual({ score: 0, reasons: [] });
  });

  it('every reason adds its weight, with words for the operator', () => {
    const { score, reasons } = scorePost(
      {
        ...base,
        text: 'The best laptops in 2024.',
        modifiedAt: new Date('2023-01-01T00:00:00Z'),
        words: 100,
        linksIn: 0,
        deadLinks: [{ url: 'https://gone.example/', why: 'HTTP 404' }],
        newerPost: { title: 'Laptops now', link: 'https://blog.example/laptops-now/' },
      },
      site,
      TODAY,
    );
    expect(reasons.map((r) => r.kind).sort()).toEqual(
      ['age', 'dead_links', 'newer_post', 'orphan', 'past_year', 'thin'].sort(),
    );
    expect(reasons.find((r) => r.kind === 'age')).toMatchObject({ weight: 30 });
    expect(reasons.find((r) => r.kind === 'past_year')?.words).toBe('Says “best laptops in 2024”; it is 2026 now.');
    expect(reasons.find((r) => r.kind === 'dead_links')?.words).toBe('A dead link: https://gone.example/ (HTTP 404).');
    expect(reasons.find((r) => r.kind === 'thin')?.words).toBe("100 words, where the site's posts have 1000 (median).");
    expect(score).toBe(100);
  });

  it('thin and orphan need a site large enough to compare with', () => {
    const small = scorePost({ ...base, words: 10, linksIn: 0 }, { posts: 2, medianWords: 1000 }, TODAY);
    expect(small.reasons).toEqual([]);
    const dead = scorePost(
      {
        ...base,
        deadLinks: Array.from({ length: 6 }, (_, i) => ({ url: `https://x.example/${i}`, why: 'HTTP 410' })),
      },
      site,
      TODAY,
    );
    expect(dead.score).toBe(REFRESH_WEIGHTS.deadLinksMax);
    expect(dead.reasons[0]?.words).toMatch(/^6 dead links: .* and 3 more\.$/);
  });

  it('median', () => {
    expect(median([])).toBe(0);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});
