import type { LiveState } from '@abp/contracts';
import { hasMarker, type PublicPage, type WpPost } from '../../integrations/wordpress/index.js';
import { htmlToPlainText, toPlainText } from '../../lib/plain-text.js';

export interface LiveVerdict {
  state: LiveState;
  /** Why it is not live (or what was done, e.g. a missed schedule published); null when all is well. */
  reason: string | null;
}

/** What the article expects of its post. */
export interface ExpectedPost {
  title: string;
  marker: string | null;
  featuredMediaId: number | null;
}

// WordPress "texturizes" titles on the page: curly quotes, dashes, ellipses, non-breaking spaces.
const TYPOGRAPHY: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u2032]/g, "'"],
  [/[\u201C\u201D\u201E\u2033]/g, '"'],
  [/[\u2013\u2014\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2009\u202F]/g, ' '],
];

function comparable(text: string): string {
  let result = text;
  for (const [pattern, plain] of TYPOGRAPHY) result = result.replace(pattern, plain);
  return result.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Reads the post as WordPress has it now (context=edit) against what we sent: the same post (our
 * marker in its content), not emptied, its featured image set. Null: nothing wrong.
 */
export function readBackProblem(post: WpPost, expected: ExpectedPost): string | null {
  const raw = post.content?.raw ?? post.content?.rendered ?? '';
  if (htmlToPlainText(raw).length === 0) return 'the post on WordPress has no content';
  if (expected.marker && !hasMarker(raw, expected.marker))
    return 'the post on WordPress no longer carries this article (its content was replaced)';
  if (expected.featuredMediaId !== null && post.featured_media !== expected.featuredMediaId)
    return 'the featured image is not set on the post';
  return null;
}

/** A visitor's view of the permalink: a 200 page that shows the post's title, not a login or maintenance page. */
export function publicPageProblem(page: PublicPage, title: string): string | null {
  if (page.failure) return `its page could not be read: ${page.failure}`;
  if (page.status === 503 || /briefly unavailable for scheduled maintenance/i.test(page.html))
    return 'the site shows its maintenance page';
  if (page.status !== 200) return `its page answers ${page.status}${page.status === 404 ? ' (not found)' : ''}`;
  if (/\/wp-login\.php/.test(new URL(page.url).pathname) || /id=["']loginform["']/.test(page.html))
    return 'its page asks visitors to log in';
  const expected = comparable(toPlainText(title));
  if (expected && !comparable(htmlToPlainText(page.html)).includes(expected))
    return "its page does not show the post's title";
  return null;
}

/** The verdict for a post whose WordPress status is not 'publish'. */
export function unpublishedVerdict(status: string): LiveVerdict {
  if (status === 'future') return { state: 'scheduled', reason: null };
  if (status === 'draft' || status === 'pending' || status === 'private') return { state: 'not_public', reason: null };
  return { state: 'not_live', reason: `WordPress has the post as "${status}"` };
}
