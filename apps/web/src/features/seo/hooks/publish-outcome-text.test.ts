import { describe, expect, it } from 'vitest';
import { publishOutcomeText } from './use-publish';

const outcome = (published: number, failed = 0, drafts = 0, skipped = 0) => ({
  published,
  failed,
  drafts,
  skipped,
});

describe('what a publish run did, in words (issue #37 point 8)', () => {
  it('a run that published nothing says so, in words and proper plurals', () => {
    expect(publishOutcomeText('articles', outcome(0))).toBe('Nothing was published: no article went live on the site.');
    expect(publishOutcomeText('pages', outcome(0, 2))).toBe(
      'Nothing was published: no page went live on the site. 2 pages failed.',
    );
  });

  it('counts with their noun in the right number', () => {
    expect(publishOutcomeText('articles', outcome(1))).toBe('Published 1 article.');
    expect(publishOutcomeText('pages', outcome(3, 1, 2, 1))).toBe(
      'Published 3 pages. 1 page failed. 2 pages saved as draft. 1 page not sent: the site already has a page at that address.',
    );
  });
});
