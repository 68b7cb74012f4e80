import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('uses the singular for one only', () => {
    expect(countOf(1, 'article')).toBe('1 article');
    expect(countOf(0, 'article')).toBe('0 articles');
    expect(countOf(1000, 'article')).toBe('1,000 articles');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
